/**
 * Test mode (docs/testing.md): a banner on every screen, the service's sample images instead of the
 * camera, and a chooser of the forced outcome when the merchant did not fix one at creation. The
 * decision still comes from the service's rules; the flow only says which check results to force.
 */
import { REASON_CODES } from '../../../src/core/verifications/reason-codes.js';
import type { DocumentType, SampleKind } from '../api.js';
import type { FlowContext } from '../context.js';
import { t, type MessageKey } from '../i18n/index.js';
import { announce, button, h, showScreen } from '../ui.js';

/** Shows the banner above the screens (once; it stays for the whole session). */
export function showTestBanner(): void {
  if (document.getElementById('test-banner')) return;
  const banner = h(
    'p',
    { id: 'test-banner', class: 'test-banner', role: 'note' },
    h('strong', {}, t('test.banner.title')),
    ' ',
    t('test.banner.detail'),
  );
  document.querySelector('.topbar')?.after(banner);
}

const STEP_OF: Record<SampleKind, 'document_front' | 'document_back' | 'selfie'> = {
  document_front: 'document_front',
  document_back: 'document_back',
  passport_data_page: 'document_front',
  id_card_front: 'document_front',
  id_card_back: 'document_back',
  selfie: 'selfie',
};

const TITLE: Record<SampleKind, MessageKey> = {
  document_front: 'document.front.title',
  document_back: 'document.back.title',
  passport_data_page: 'document.passport.title',
  id_card_front: 'document.idcard.front.title',
  id_card_back: 'document.idcard.back.title',
  selfie: 'selfie.title',
};

/**
 * One capture step in test mode: upload the sample image, or fall back to the real camera step
 * (`useCamera`), which works in test mode too.
 */
export function sampleStep(
  ctx: FlowContext,
  kind: SampleKind,
  useCamera: () => void,
  documentType?: DocumentType,
): void {
  ctx.enterStep(STEP_OF[kind]);
  const useSample = button(t('test.sample.use'), () => void upload());
  useSample.setAttribute('data-testid', 'use-sample');
  showScreen(t(TITLE[kind]), [
    h('p', { class: 'hint' }, t('test.sample.hint')),
    h(
      'div',
      { class: 'actions' },
      useSample,
      button(t('test.sample.camera'), useCamera, 'secondary'),
      kind !== 'selfie' && ctx.chooseDocument
        ? button(t('document.change'), ctx.chooseDocument, 'secondary')
        : null,
    ),
  ]);

  async function upload(): Promise<void> {
    useSample.disabled = true;
    useSample.setAttribute('aria-busy', 'true');
    try {
      const sample = await ctx.api.testSample(kind);
      const dataUrl = `data:${sample.content_type};base64,${sample.image_b64}`;
      if (kind === 'selfie') await ctx.api.selfie({ frames_b64: [dataUrl] });
      else
        await ctx.api.document(
          STEP_OF[kind] === 'document_front' ? 'front' : 'back',
          dataUrl,
          undefined,
          documentType,
        );
    } catch (error) {
      ctx.handleError(error, () => sampleStep(ctx, kind, useCamera, documentType));
      return;
    }
    announce(t('test.sample.sent'));
    await ctx.refresh();
  }
}

/**
 * The forced outcome: approve (no reason), or any reason codes together. The service refuses a
 * combination its rules cannot produce (422), which the flow shows with a retry back to the chooser.
 */
export function outcomeChooser(onChosen: (reasons: string[]) => void): void {
  const boxes = REASON_CODES.map((code) => {
    const input = h('input', { type: 'checkbox', id: `outcome-${code}`, value: code });
    return {
      code,
      input,
      row: h('li', {}, input, h('label', { for: `outcome-${code}` }, h('code', {}, code))),
    };
  });
  const approve = h('input', { type: 'radio', name: 'outcome', id: 'outcome-approve', checked: true });
  const reasons = h('input', { type: 'radio', name: 'outcome', id: 'outcome-reasons' });
  const list = h(
    'ul',
    { class: 'outcome-list', 'aria-label': t('test.outcome.reasons') },
    ...boxes.map((b) => b.row),
  );
  for (const b of boxes) b.input.addEventListener('change', () => (reasons.checked = true));
  const submit = button(t('test.outcome.submit'), () => {
    onChosen(reasons.checked ? boxes.filter((b) => b.input.checked).map((b) => b.code) : []);
  });
  submit.setAttribute('data-testid', 'submit-outcome');
  showScreen(t('test.outcome.title'), [
    h('p', { class: 'hint' }, t('test.outcome.hint')),
    h(
      'fieldset',
      { class: 'outcome' },
      h('legend', { class: 'sr-only' }, t('test.outcome.title')),
      h(
        'div',
        { class: 'consent' },
        approve,
        h('label', { for: 'outcome-approve' }, t('test.outcome.approve')),
      ),
      h(
        'div',
        { class: 'consent' },
        reasons,
        h('label', { for: 'outcome-reasons' }, t('test.outcome.reasons')),
      ),
      list,
    ),
    h('div', { class: 'actions' }, submit),
  ]);
}
