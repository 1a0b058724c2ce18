/** The two pages behind sign-in: the review queue and one verification with its evidence and the decision form. */
import * as api from './api.js';
import { announce, display, h, showPage } from './dom.js';
import {
  duplicatesPanel,
  faceMatchPanel,
  licencePanel,
  livenessPanel,
  mediaPanel,
  sanctionsPanel,
  signalsPanel,
} from './evidence.js';
import { reasonList } from './reasons.js';
import { accountDirectory, assignPanel, canAct, timeline } from './workplace.js';

const NOTE_MAX_LENGTH = 2000;

export type PageKeys = { onKey?: (event: KeyboardEvent) => boolean };

const when = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : '—');

/** A member below reviewer reads a case but never gets its decision form or images; a key user has both. */
const mayReview = () => !api.signedInMember() || canAct('reviewer');

export async function queuePage(flash?: string): Promise<PageKeys> {
  const rows: api.VerificationSummary[] = [];
  let cursor: string | null = null;
  let selected = 0;
  const status = h('p', { id: 'queue-status', class: 'status' }, 'Loading the queue…');
  const body = h('tbody', {});
  const more = h('button', { type: 'button', class: 'btn secondary', hidden: true }, 'Load more');
  const table = h(
    'div',
    { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-labelledby': 'queue-status' },
    h(
      'table',
      { class: 'queue' },
      h('caption', { class: 'sr-only' }, 'Verifications awaiting review, newest first'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...['Reference', 'Created (UTC)', 'Score', 'Why it needs a person'].map((c) =>
            h('th', { scope: 'col' }, c),
          ),
        ),
      ),
      body,
    ),
  );
  showPage(
    'Awaiting review',
    flash ? h('p', { class: 'notice ok', role: 'status' }, flash) : null,
    status,
    table,
    more,
  );

  const links = () => Array.from(body.querySelectorAll<HTMLAnchorElement>('a'));
  const select = (index: number) => {
    const all = links();
    if (all.length === 0) return;
    selected = Math.max(0, Math.min(all.length - 1, index));
    all.forEach((a, i) => a.closest('tr')?.classList.toggle('selected', i === selected));
    all[selected]!.focus();
  };
  const render = () => {
    body.replaceChildren(
      ...rows.map((v) =>
        h(
          'tr',
          {},
          h('td', {}, h('a', { href: `#/verifications/${v.id}` }, v.external_ref || v.id)),
          h('td', {}, when(v.created_at)),
          h('td', {}, display(v.score)),
          h('td', {}, reasonList(v.decision_reasons)),
        ),
      ),
    );
    status.textContent =
      rows.length === 0
        ? 'Nothing is awaiting review.'
        : `${rows.length}${cursor ? '+' : ''} verification${rows.length === 1 ? '' : 's'} awaiting review`;
    more.hidden = !cursor;
  };
  const load = async () => {
    try {
      const page = await api.reviewQueue(cursor ?? undefined);
      rows.push(...page.data);
      cursor = page.next_cursor;
      render();
      announce(status.textContent ?? '');
    } catch (error) {
      status.textContent = `The queue could not be loaded: ${(error as Error).message}`;
      status.classList.add('fail');
    }
  };
  more.addEventListener('click', () => void load());
  await load();

  return {
    onKey(event) {
      if (event.key === 'j') select(selected + 1);
      else if (event.key === 'k') select(selected - 1);
      else if (event.key === 'o' || (event.key === 'Enter' && !(event.target instanceof HTMLAnchorElement)))
        links()[selected]?.click();
      else if (event.key === 'r') void queuePage();
      else return false;
      return true;
    },
  };
}

function decisionForm(
  v: api.VerificationDetail,
  onDone: (message: string) => void,
  reviewer: string | null,
): HTMLElement {
  if (v.review) {
    return h(
      'section',
      { class: 'panel decision', 'aria-labelledby': 'decision-title' },
      h('h2', { id: 'decision-title' }, 'Reviewed'),
      h(
        'p',
        {},
        `${v.review.decision === 'approve' ? 'Approved' : 'Declined'} on ${when(v.review.reviewed_at)} UTC by ${reviewer ?? `key #${v.review.reviewer_key_id}`}.`,
      ),
      h('blockquote', {}, v.review.note),
    );
  }
  if (v.status !== 'decided' || v.decision !== 'review') {
    return h(
      'section',
      { class: 'panel decision', 'aria-labelledby': 'decision-title' },
      h('h2', { id: 'decision-title' }, 'No review needed'),
      h(
        'p',
        {},
        `This verification is ${v.status}${v.decision ? `, decided ${v.decision}` : ''}; only a verification decided review can be reviewed.`,
      ),
    );
  }
  if (!mayReview()) {
    return h(
      'section',
      { class: 'panel decision', 'aria-labelledby': 'decision-title' },
      h('h2', { id: 'decision-title' }, 'Awaiting a reviewer'),
      h('p', {}, 'A reviewer or admin of your team decides this verification.'),
    );
  }
  const error = h('p', { id: 'note-error', class: 'field-error', role: 'alert' });
  const counter = h('p', { id: 'note-count', class: 'hint' }, `0 of ${NOTE_MAX_LENGTH} characters`);
  const note = h('textarea', {
    id: 'note',
    name: 'note',
    rows: 4,
    maxlength: NOTE_MAX_LENGTH,
    required: true,
    'aria-describedby': 'note-count note-error',
  });
  const radio = (value: 'approve' | 'decline', label: string) =>
    h(
      'label',
      { class: `choice ${value}` },
      h('input', { type: 'radio', name: 'decision', value, id: `decision-${value}`, required: true }),
      ` ${label}`,
    );
  const submit = h('button', { type: 'submit', class: 'btn primary' }, 'Record decision');
  const form = h(
    'form',
    { id: 'decision-form', novalidate: true },
    h('fieldset', {}, h('legend', {}, 'Decision'), radio('approve', 'Approve'), radio('decline', 'Decline')),
    h('label', { for: 'note' }, 'Note for the audit log (required)'),
    note,
    counter,
    error,
    submit,
  );
  note.addEventListener('input', () => {
    counter.textContent = `${note.value.length} of ${NOTE_MAX_LENGTH} characters`;
  });
  note.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const choice = form.querySelector<HTMLInputElement>('input[name="decision"]:checked')?.value as
      'approve' | 'decline' | undefined;
    const text = note.value.trim();
    note.removeAttribute('aria-invalid');
    if (!choice) {
      error.textContent = 'Choose Approve or Decline.';
      form.querySelector<HTMLInputElement>('#decision-approve')?.focus();
      return;
    }
    if (!text) {
      error.textContent = 'Write a note: why this decision?';
      note.setAttribute('aria-invalid', 'true');
      note.focus();
      return;
    }
    error.textContent = '';
    submit.disabled = true;
    api
      .recordReview(v.id, choice, text)
      .then(() => onDone(`${choice === 'approve' ? 'Approved' : 'Declined'} ${v.external_ref || v.id}.`))
      .catch((failure: Error) => {
        error.textContent = failure.message;
        submit.disabled = false;
      });
  });
  return h(
    'section',
    { class: 'panel decision', 'aria-labelledby': 'decision-title' },
    h('h2', { id: 'decision-title' }, 'Your decision'),
    form,
  );
}

export async function verificationPage(id: string, onDone: (message: string) => void): Promise<PageKeys> {
  showPage('Loading verification…');
  let v: api.CaseDetail;
  try {
    v = await api.verification(id);
  } catch (error) {
    showPage(
      'Verification not available',
      h('p', { class: 'notice fail' }, (error as Error).message),
      h('p', {}, h('a', { href: '#/' }, 'Back to the queue')),
    );
    return {};
  }
  const member = api.signedInMember();
  const [media, dir, assignment] = await Promise.all([
    mayReview()
      ? api.media(id).then(
          (m) => m.items,
          (error: Error) => error,
        )
      : null,
    member ? accountDirectory().catch(() => null) : null,
    member ? assignPanel(v, () => void verificationPage(id, onDone)).catch(() => null) : null,
  ]);
  const nameOf = (memberId: number | null | undefined) =>
    memberId === null || memberId === undefined
      ? null
      : (dir?.members.find((m) => m.id === memberId)?.display_name ?? `team member #${memberId}`);
  showPage(
    v.external_ref || 'Verification',
    h(
      'p',
      { class: 'crumbs' },
      member
        ? h('a', { href: '#/verifications' }, '← Verifications')
        : h('a', { href: '#/' }, '← Back to the queue'),
      member ? ' · ' : null,
      member ? h('a', { href: '#/' }, 'Queue') : null,
      ' · ',
      h('a', { href: `#/verifications/${v.id}/timeline` }, 'Timeline'),
    ),
    h(
      'section',
      { class: 'panel summary', 'aria-label': 'Summary' },
      h(
        'dl',
        { class: 'facts inline' },
        h('dt', {}, 'Verification'),
        h('dd', {}, h('code', {}, v.id)),
        h('dt', {}, 'Automatic decision'),
        h(
          'dd',
          {},
          h('span', { class: `badge ${v.decision ?? 'none'}` }, v.decision ?? 'none'),
          ` score ${display(v.score)}`,
        ),
        h('dt', {}, 'Final decision'),
        h('dd', {}, v.final_decision ?? 'awaiting review'),
        h('dt', {}, 'Decided (UTC)'),
        h('dd', {}, when(v.decided_at)),
        member ? h('dt', {}, 'Assigned to') : null,
        member ? h('dd', { id: 'assigned-to' }, nameOf(v.assigned_member_id) ?? 'no one') : null,
      ),
      h('h2', { class: 'sr-only' }, 'Reasons'),
      reasonList(v.decision_reasons),
    ),
    assignment,
    h(
      'div',
      { class: 'evidence' },
      media === null
        ? null
        : mediaPanel(media, (v.doc_checks.document?.document_type as string | undefined) ?? null),
      faceMatchPanel(v),
      livenessPanel(v),
      licencePanel(v),
      sanctionsPanel(v),
      duplicatesPanel(v),
      signalsPanel(v),
      decisionForm(v, onDone, nameOf(v.review?.reviewer_member_id)),
    ),
    h(
      'section',
      { class: 'panel', id: 'audit', 'aria-labelledby': 'audit-title' },
      h('h2', { id: 'audit-title' }, 'Timeline'),
      timeline(v.audit_log, dir ?? { id: 0, name: '', members: [] }),
    ),
  );

  const choose = (value: 'approve' | 'decline') => {
    const input = document.querySelector<HTMLInputElement>(`#decision-${value}`);
    if (!input) return false;
    input.checked = true;
    document.querySelector<HTMLTextAreaElement>('#note')?.focus();
    announce(value === 'approve' ? 'Approve chosen; write the note.' : 'Decline chosen; write the note.');
    return true;
  };
  return {
    onKey(event) {
      if (event.key === 'a') return choose('approve');
      if (event.key === 'd') return choose('decline');
      if (event.key === 'u' || event.key === 'Escape') {
        location.hash = member ? '#/verifications' : '#/';
        return true;
      }
      return false;
    },
  };
}
