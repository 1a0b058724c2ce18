/**
 * The choice of document, among those the merchant accepts: one button per type, saying which sides
 * it takes. With a single type accepted there is nothing to choose and this screen is not shown: the
 * welcome screen names the document and the capture screens are that document's.
 */
import type { DocumentType } from '../api.js';
import type { FlowContext } from '../context.js';
import { t, type MessageKey } from '../i18n/index.js';
import { h, showScreen } from '../ui.js';

const NAME: Record<DocumentType, MessageKey> = {
  drivers_license: 'document.type.drivers_license',
  id_card: 'document.type.id_card',
  passport: 'document.type.passport',
};

const DETAIL: Record<DocumentType, MessageKey> = {
  drivers_license: 'document.type.drivers_license.detail',
  id_card: 'document.type.id_card.detail',
  passport: 'document.type.passport.detail',
};

/** The accepted documents named in a sentence, for the welcome screen. */
export function documentNames(types: readonly DocumentType[]): string {
  return types.map((type) => t(NAME[type])).join(' · ');
}

export function documentChoiceStep(
  ctx: FlowContext,
  types: readonly DocumentType[],
  onChosen: (type: DocumentType) => void,
): void {
  ctx.enterStep('document_choice');
  const choices = types.map((type) => {
    const choice = h(
      'button',
      { type: 'button', class: 'document-choice', 'data-document-type': type },
      h('strong', {}, t(NAME[type])),
      h('span', { class: 'hint' }, t(DETAIL[type])),
    );
    choice.addEventListener('click', () => onChosen(type));
    return h('li', {}, choice);
  });
  showScreen(t('document.choice.title'), [
    h('p', { class: 'lead' }, t('document.choice.lead')),
    h('ul', { class: 'document-choices', 'aria-label': t('document.choice.title') }, ...choices),
  ]);
}
