/**
 * The team's workplace (docs/review.md "Verifications"): every verification of the account with search
 * and filters, one verification's timeline, assignment, and the account's audit log for admins. Pages
 * show only the controls the signed-in member's role can use; the service enforces the roles anyway.
 */
import * as api from './api.js';
import { announce, display, h, humanise, showPage } from './dom.js';
import { DECISION_TEXT, REASON_TEXT, reasonList, reasonText, STATUS_TEXT } from './reasons.js';

const when = (iso: string | null) => (iso ? `${iso.replace('T', ' ').slice(0, 16)}` : '—');

const ROLE_TEXT: Record<string, string> = { admin: 'Admin', reviewer: 'Reviewer', viewer: 'Viewer' };

/** Whether the signed-in member may do what needs `role` (viewer < reviewer < admin). */
export function canAct(role: 'reviewer' | 'admin'): boolean {
  const member = api.signedInMember();
  if (!member) return false;
  return role === 'admin' ? member.role === 'admin' : member.role !== 'viewer';
}

let directory: Promise<api.AccountDirectory> | undefined;

/** The account's name and members, read once per page load. */
export function accountDirectory(): Promise<api.AccountDirectory> {
  directory ??= api.accountDirectory();
  return directory;
}

export function forgetDirectory(): void {
  directory = undefined;
}

const memberName = (dir: api.AccountDirectory, id: number | null) =>
  id === null ? null : (dir.members.find((m) => m.id === id)?.display_name ?? `former member #${id}`);

/** A table that stacks its rows into labelled blocks on a narrow screen (the CSS reads data-label). */
function stackedTable(
  caption: string,
  columns: string[],
  rows: HTMLTableRowElement[],
  id: string,
): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': caption },
    h(
      'table',
      { class: 'stack', id },
      h('caption', { class: 'sr-only' }, caption),
      h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, ...rows),
    ),
  );
}

/** One cell; its content is one element so a stacked row's label and value stay side by side. */
const cell = (label: string, ...content: (Node | string)[]) =>
  h('td', { 'data-label': label }, h('div', {}, ...content));

const FILTERS = [
  'q_by',
  'q',
  'decision',
  'status',
  'reason',
  'assigned',
  'created_from',
  'created_to',
  'mode',
] as const;

/** The list's query for the service, from the page's own parameters (kept in the address bar). */
function serviceQuery(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  const text = params.get('q')?.trim();
  if (text) query.set(params.get('q_by') ?? 'external_ref', text);
  for (const key of ['decision', 'status', 'reason', 'assigned', 'created_from', 'created_to']) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  if (params.get('mode') === 'test') query.set('mode', 'test');
  return query;
}

/** A labelled control, kept together so the filter grid places them as one. */
const field = (id: string, label: string, control: HTMLElement) =>
  h('div', { class: 'field' }, h('label', { for: id }, label), control);

const select = (id: string, label: string, value: string, options: [string, string][]) =>
  field(
    id,
    label,
    h(
      'select',
      { id, name: id },
      ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)),
    ),
  );

export async function verificationsPage(params: URLSearchParams): Promise<void> {
  const get = (key: string) => params.get(key) ?? '';
  const form = h(
    'form',
    { class: 'panel filters', id: 'filters', role: 'search', 'aria-label': 'Find verifications' },
    h(
      'div',
      { class: 'search-row' },
      select('q_by', 'Search by', get('q_by') || 'external_ref', [
        ['external_ref', 'Reference'],
        ['name', 'Name on the document'],
        ['id', 'Verification id'],
      ]),
      field(
        'q',
        'Search for',
        h('input', { id: 'q', name: 'q', type: 'search', value: get('q'), autocomplete: 'off' }),
      ),
    ),
    h(
      'details',
      // Open on a wide screen or when a filter is set; on a phone the results come first.
      { class: 'more-filters', open: window.innerWidth > 640 || FILTERS.slice(2).some((k) => params.get(k)) },
      h('summary', {}, 'Filters'),
      h(
        'div',
        { class: 'filter-grid' },
        select('decision', 'Decision', get('decision'), [['', 'Any'], ...Object.entries(DECISION_TEXT)]),
        select('status', 'Status', get('status'), [['', 'Any'], ...Object.entries(STATUS_TEXT)]),
        select('reason', 'Reason', get('reason'), [
          ['', 'Any'],
          ...Object.entries(REASON_TEXT).map(([code, text]): [string, string] => [code, text]),
        ]),
        select('assigned', 'Assigned', get('assigned'), [
          ['', 'Anyone or no one'],
          ['me', 'To me'],
          ['none', 'To no one'],
        ]),
        field(
          'created_from',
          'Created from (UTC)',
          h('input', { id: 'created_from', name: 'created_from', type: 'date', value: get('created_from') }),
        ),
        field(
          'created_to',
          'Created to (UTC)',
          h('input', { id: 'created_to', name: 'created_to', type: 'date', value: get('created_to') }),
        ),
      ),
      h(
        'label',
        { class: 'check' },
        h('input', {
          type: 'checkbox',
          id: 'mode',
          name: 'mode',
          value: 'test',
          checked: get('mode') === 'test',
        }),
        ' Test mode: show the verifications of test keys instead',
      ),
    ),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'btn primary' }, 'Search'),
      h('a', { href: '#/verifications', class: 'btn secondary' }, 'Clear'),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const next = new URLSearchParams();
    const data = new FormData(form);
    for (const key of FILTERS) {
      const value = data.get(key);
      if (typeof value === 'string' && value.trim() && !(key === 'q_by' && !data.get('q')))
        next.set(key, value.trim());
    }
    location.hash = `#/verifications${next.size ? `?${next}` : ''}`;
  });

  const query = serviceQuery(params);
  const status = h('p', { id: 'list-status', class: 'status', role: 'status' }, 'Loading…');
  const exportLink = h(
    'a',
    { href: `/v1/console/verifications/export?${query}`, class: 'btn secondary', download: '' },
    'Download CSV',
  );
  const list = h('div', { id: 'verifications-list' });
  const more = h('button', { type: 'button', class: 'btn secondary', hidden: true }, 'Load more');
  showPage(
    'Verifications',
    form,
    h('div', { class: 'list-head' }, status, exportLink),
    params.get('q_by') === 'name'
      ? h(
          'p',
          { class: 'hint' },
          'Names are stored encrypted, each verification with its own key, so a name search reads up to 500 verifications at a time, newest first: Load more searches further back.',
        )
      : null,
    list,
    more,
  );

  const rows: api.CaseSummary[] = [];
  let cursor: string | null = null;
  const dir = await accountDirectory().catch(() => ({ id: 0, name: '', members: [] }));
  const render = () => {
    const table = stackedTable(
      'Verifications, newest first',
      ['Reference', 'Created (UTC)', 'Status', 'Decision', 'Reasons', 'Assigned to', 'Timeline'],
      rows.map((v) =>
        h(
          'tr',
          {},
          cell('Reference', h('a', { href: `#/verifications/${v.id}` }, v.external_ref || v.id)),
          cell('Created (UTC)', when(v.created_at)),
          cell('Status', STATUS_TEXT[v.status] ?? v.status),
          cell(
            'Decision',
            v.final_decision
              ? `${DECISION_TEXT[v.final_decision]}${v.review ? ' by a reviewer' : ''}`
              : v.decision
                ? (DECISION_TEXT[v.decision] ?? v.decision)
                : '—',
          ),
          cell('Reasons', reasonList(v.decision_reasons)),
          cell('Assigned to', memberName(dir, v.assigned_member_id) ?? '—'),
          cell(
            'Timeline',
            h(
              'a',
              {
                href: `#/verifications/${v.id}/timeline`,
                'aria-label': `Timeline of ${v.external_ref || v.id}`,
              },
              'Timeline',
            ),
          ),
        ),
      ),
      'verifications',
    );
    list.replaceChildren(table);
    status.textContent =
      rows.length === 0
        ? 'No verification matches.'
        : `${rows.length}${cursor ? '+' : ''} verification${rows.length === 1 ? '' : 's'}${query.get('mode') === 'test' ? ' in test mode' : ''}`;
    more.hidden = !cursor;
  };
  const load = async () => {
    try {
      const page = await api.searchVerifications(query, cursor ?? undefined);
      rows.push(...page.data);
      cursor = page.next_cursor;
      render();
      announce(status.textContent ?? '');
    } catch (error) {
      status.textContent = `The list could not be loaded: ${(error as Error).message}`;
      status.classList.add('fail');
    }
  };
  more.addEventListener('click', () => void load());
  await load();
}

const EVENT_TEXT: Record<string, string> = {
  'verification.created': 'Created',
  'client_token.minted': 'Session link issued',
  'client_token.revoked': 'Session link revoked',
  'handoff.created': 'Handed off to a phone',
  'handoff.claimed': 'Phone picked up the session',
  'consent.given': 'Consent given',
  'document_front.uploaded': 'Document front uploaded',
  'document_back.uploaded': 'Document back uploaded',
  'liveness_challenge.issued': 'Liveness challenge issued',
  'selfie.uploaded': 'Selfie uploaded',
  'verification.submitted': 'Submitted for checks',
  'verification.decided': 'Decided by the checks',
  'verification.assigned': 'Assigned',
  'verification.reviewed': 'Reviewed by a person',
  'verification.expired': 'Expired unfinished',
  'verification.canceled': 'Canceled',
  'verification.redacted': 'Personal data erased',
  'screening.match': 'Sanctions list update matched',
  'screening.match_removed': 'Sanctions match removed from the list',
};

const ACTOR_TEXT: Record<string, string> = {
  end_user: 'the person verifying',
  merchant: 'your team or backend',
  system: 'the service',
};

const FIELD_TEXT: Record<string, string> = {
  api_key_id: 'API key',
  ip: 'IP address',
  user_agent: 'Browser',
  bytes: 'Size (bytes)',
};

/** What one audit entry says, in sentences; fields without a sentence follow as a short list. */
function entrySummary(entry: api.AuditEntry, dir: api.AccountDirectory): HTMLElement[] {
  const d = entry.detail;
  const said: HTMLElement[] = [];
  const shown = new Set<string>();
  const use = (...keys: string[]) => keys.forEach((k) => shown.add(k));
  if (entry.event === 'verification.decided') {
    use('decision', 'score', 'reasons');
    said.push(
      h('p', {}, `${DECISION_TEXT[String(d.decision)] ?? display(d.decision)}, score ${display(d.score)}.`),
    );
    if (Array.isArray(d.reasons)) said.push(reasonList(d.reasons as string[]));
  } else if (entry.event === 'verification.reviewed') {
    use('decision', 'note', 'reviewer_name', 'reviewer_member_id', 'reviewer_key_id', 'automatic_decision');
    const who =
      typeof d.reviewer_name === 'string'
        ? d.reviewer_name
        : d.reviewer_member_id !== undefined
          ? memberName(dir, Number(d.reviewer_member_id))
          : `API key #${display(d.reviewer_key_id)}`;
    said.push(h('p', {}, `${d.decision === 'approve' ? 'Approved' : 'Declined'} by ${who}.`));
    if (typeof d.note === 'string') said.push(h('blockquote', {}, d.note));
  } else if (entry.event === 'verification.assigned') {
    use('by_member_id', 'assigned_member_id');
    const to = d.assigned_member_id === null ? null : memberName(dir, Number(d.assigned_member_id));
    said.push(
      h(
        'p',
        {},
        `${to ? `To ${to}` : 'Unassigned'}, by ${memberName(dir, Number(d.by_member_id)) ?? 'someone'}.`,
      ),
    );
  }
  const rest = Object.entries(d).filter(([k]) => !shown.has(k));
  if (rest.length > 0)
    said.push(
      h(
        'dl',
        { class: 'facts nested' },
        ...rest.flatMap(([k, v]) => [
          h('dt', {}, FIELD_TEXT[k] ?? humanise(k)),
          h('dd', {}, typeof v === 'string' && k.endsWith('reason') ? reasonText(v) : display(v)),
        ]),
      ),
    );
  return said;
}

/** A verification's audit trail as a timeline, oldest first. */
export function timeline(entries: api.AuditEntry[], dir: api.AccountDirectory): HTMLElement {
  return h(
    'ol',
    { class: 'timeline', id: 'timeline' },
    ...entries.map((e) =>
      h(
        'li',
        {},
        h('time', { datetime: `${e.at}Z` }, `${e.at.replace('T', ' ').slice(0, 19)} UTC`),
        h('h3', {}, EVENT_TEXT[e.event] ?? humanise(e.event.replace('.', ' '))),
        h('p', { class: 'hint' }, `By ${ACTOR_TEXT[e.actor] ?? e.actor} · `, h('code', {}, e.event)),
        ...entrySummary(e, dir),
      ),
    ),
  );
}

export async function timelinePage(id: string): Promise<void> {
  showPage('Loading the timeline…');
  let v: api.VerificationDetail;
  try {
    v = await api.verification(id);
  } catch (error) {
    showPage(
      'Verification not available',
      h('p', { class: 'notice fail' }, (error as Error).message),
      h('p', {}, h('a', { href: '#/verifications' }, 'Back to the verifications')),
    );
    return;
  }
  const dir = await accountDirectory().catch(() => ({ id: 0, name: '', members: [] }));
  showPage(
    `Timeline of ${v.external_ref || v.id}`,
    h(
      'p',
      { class: 'crumbs' },
      h('a', { href: '#/verifications' }, '← Verifications'),
      ' · ',
      h('a', { href: `#/verifications/${v.id}` }, 'The verification and its evidence'),
    ),
    timeline(v.audit_log, dir),
    h('p', { class: 'hint' }, 'Webhook deliveries are listed per endpoint on the Webhooks page (admins).'),
  );
}

/** Assign to me, to a reviewer or admin of the account, or to no one (reviewers and admins only). */
export async function assignPanel(v: api.CaseDetail, onChange: () => void): Promise<HTMLElement | null> {
  if (!canAct('reviewer')) return null;
  const dir = await accountDirectory();
  const me = api.signedInMember()!;
  const status = h('p', { id: 'assign-status', role: 'status' }, '');
  const choice = h(
    'select',
    { id: 'assignee', name: 'assignee' },
    h('option', { value: '' }, 'No one'),
    ...dir.members
      .filter((m) => m.role !== 'viewer')
      .map((m) =>
        h(
          'option',
          { value: m.id, selected: m.id === v.assigned_member_id },
          `${m.display_name} (${ROLE_TEXT[m.role]})`,
        ),
      ),
  );
  const assign = async (memberId: number | null) => {
    status.textContent = 'Saving…';
    try {
      const changed = await api.assign(v.id, memberId);
      status.textContent = changed.assigned_member_id
        ? `Assigned to ${memberName(dir, changed.assigned_member_id)}.`
        : 'Assigned to no one.';
      announce(status.textContent);
      onChange();
    } catch (error) {
      status.textContent = (error as Error).message;
      announce(status.textContent, true);
    }
  };
  const toMe = h('button', { type: 'button', class: 'btn', id: 'assign-me' }, 'Assign to me');
  toMe.addEventListener('click', () => void assign(me.id));
  const form = h(
    'form',
    { id: 'assign-form' },
    h('label', { for: 'assignee' }, 'Assigned to'),
    choice,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'btn' }, 'Save assignment'), toMe),
    status,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void assign(choice.value ? Number(choice.value) : null);
  });
  return h(
    'section',
    { class: 'panel', 'aria-labelledby': 'assign-title' },
    h('h2', { id: 'assign-title' }, 'Assignment'),
    form,
  );
}

const AUDIT_EVENT_TEXT: Record<string, string> = {
  'member.joined': 'Member joined',
  'member.removed': 'Member removed',
  'member.role_changed': 'Role changed',
  'member.sso_allowed': 'Single sign-on allowed',
  'member.sso_disallowed': 'Single sign-on no longer allowed',
  'invitation.created': 'Invitation created',
  'invitation.revoked': 'Invitation revoked',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'api_key.rolled': 'API key rolled',
  'publishable_key.created': 'Publishable key created',
  'publishable_key.revoked': 'Publishable key revoked',
  'publishable_key.origins_changed': 'Publishable key origins changed',
  'webhook_endpoint.created': 'Webhook endpoint created',
  'webhook_endpoint.removed': 'Webhook endpoint disabled',
  'retention.changed': 'Retention changed',
  'sso.configured': 'Single sign-on configured',
};

export async function auditLogPage(): Promise<void> {
  showPage('Audit log', h('p', { role: 'status' }, 'Loading…'));
  let entries: api.AccountAuditEntry[];
  try {
    entries = (await api.auditLog()).entries;
  } catch (error) {
    showPage('Audit log', h('p', { class: 'notice fail' }, (error as Error).message));
    return;
  }
  const dir = await accountDirectory().catch(() => ({ id: 0, name: '', members: [] }));
  const who = (e: api.AccountAuditEntry) =>
    e.by_member_id !== null
      ? (memberName(dir, e.by_member_id) ?? '')
      : e.by_key_id !== null
        ? `API key #${e.by_key_id}`
        : "the host's command line";
  showPage(
    'Audit log',
    h('p', { class: 'hint' }, 'Who changed people, keys, sign-in, webhooks and retention, newest first.'),
    entries.length === 0
      ? h('p', {}, 'Nothing recorded yet.')
      : stackedTable(
          'Account audit log, newest first',
          ['Time (UTC)', 'Event', 'By', 'About', 'Detail'],
          entries.map((e) =>
            h(
              'tr',
              {},
              cell('Time (UTC)', h('time', { datetime: `${e.at}Z` }, when(e.at))),
              cell('Event', AUDIT_EVENT_TEXT[e.event] ?? humanise(e.event), ' ', h('code', {}, e.event)),
              cell('By', who(e)),
              cell('About', memberName(dir, e.member_id) ?? '—'),
              cell(
                'Detail',
                h(
                  'dl',
                  { class: 'facts nested' },
                  ...Object.entries(e.detail).flatMap(([k, v]) => [
                    h('dt', {}, humanise(k)),
                    h('dd', {}, display(v)),
                  ]),
                ),
              ),
            ),
          ),
          'audit-log',
        ),
  );
}

/** The header's line: which account, who is signed in, and in what role. */
export async function whoAmI(): Promise<string> {
  const member = api.signedInMember();
  if (!member) return 'Signed in with an API key';
  const dir = await accountDirectory().catch(() => undefined);
  const role = `${ROLE_TEXT[member.role] ?? member.role}${member.operator ? ', operator' : ''}`;
  return `${dir?.name ? `${dir.name} · ` : ''}${member.display_name} (${role})`;
}
