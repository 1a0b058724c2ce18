/** Tiny DOM helpers: element builder, screen swap with focus management, live announcements, progress. */
import { t, type MessageKey } from './i18n/index.js';

type Child = Node | string | null | undefined | false;
type Props = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = String(value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
  return el;
}

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from index.html`);
  return el as T;
}

let cleanup: (() => void) | undefined;

/**
 * Replaces the screen. The heading takes focus so screen-reader and keyboard users start at the top
 * of each step; `onLeave` stops whatever the screen started (camera, timers) when it is replaced.
 */
export function showScreen(title: string, body: Child[], onLeave?: () => void): HTMLElement {
  cleanup?.();
  cleanup = onLeave;
  const main = byId<HTMLElement>('main');
  const heading = h('h1', { id: 'screen-title', tabindex: -1 }, title);
  const section = h('section', { class: 'screen', 'aria-labelledby': 'screen-title' }, heading, ...body);
  main.replaceChildren(section);
  document.title = t('app.title', { title });
  heading.focus();
  return section;
}

export function announce(message: string, urgent = false): void {
  const region = byId<HTMLElement>(urgent ? 'alert' : 'live');
  region.textContent = '';
  // A fresh text node after a tick makes screen readers repeat a message identical to the last one.
  setTimeout(() => {
    region.textContent = message;
  }, 30);
}

const LICENCE_STEPS: readonly MessageKey[] = ['step.agree', 'step.front', 'step.back', 'step.selfie'];

/** The steps' names for each document; a passport keeps four steps, its third saying there is no back. */
const DOCUMENT_STEPS: Record<'drivers_license' | 'id_card' | 'passport', readonly MessageKey[]> = {
  drivers_license: LICENCE_STEPS,
  id_card: ['step.agree', 'step.front.id_card', 'step.back.id_card', 'step.selfie'],
  passport: ['step.agree', 'step.front.passport', 'step.back.passport', 'step.selfie'],
};

let STEPS: readonly MessageKey[] = LICENCE_STEPS;

/** Names the progress steps after the document being captured (a licence's until one is chosen). */
export function setProgressDocument(type: keyof typeof DOCUMENT_STEPS | null): void {
  STEPS = DOCUMENT_STEPS[type ?? 'drivers_license'];
}

/** The name of a 1-based step, in the flow's language. */
export function stepName(step: number): string {
  const key = STEPS[step - 1];
  return key ? t(key) : '';
}

/** Step numbers are 1-based; null hides the indicator (loading, errors, done). */
export function setProgress(step: number | null): void {
  const progress = byId<HTMLElement>('progress');
  if (step === null) {
    progress.hidden = true;
    return;
  }
  progress.hidden = false;
  const label = t('progress.step', { step, total: STEPS.length, name: stepName(step) });
  const items = STEPS.map((key, i) =>
    h(
      'li',
      {
        class: i + 1 < step ? 'done' : i + 1 === step ? 'current' : '',
        'aria-current': i + 1 === step ? 'step' : undefined,
      },
      h('span', { class: 'sr-only' }, i + 1 < step ? t('progress.done', { name: t(key) }) : t(key)),
    ),
  );
  progress.replaceChildren(h('p', { class: 'progress-label' }, label), h('ol', {}, ...items));
}

export function button(
  label: string,
  onClick: () => void,
  variant: 'primary' | 'secondary' = 'primary',
): HTMLButtonElement {
  return h('button', { type: 'button', class: `btn ${variant}`, onclick: onClick }, label);
}

/**
 * A file picker styled as a button. `capture` asks phones to open the camera directly; desktop
 * browsers ignore it and show the file chooser.
 */
export function filePicker(
  label: string,
  options: { accept: string; capture?: 'environment' | 'user'; multiple?: boolean },
  onFiles: (files: File[]) => void,
  variant: 'primary' | 'secondary' = 'secondary',
): HTMLElement {
  const id = `file-${Math.random().toString(36).slice(2, 8)}`;
  const input = h('input', {
    id,
    type: 'file',
    class: 'file-input',
    accept: options.accept,
    capture: options.capture,
    multiple: options.multiple,
    onchange: () => {
      const files = Array.from(input.files ?? []);
      input.value = '';
      if (files.length > 0) onFiles(files);
    },
  });
  return h('div', { class: 'file-picker' }, input, h('label', { for: id, class: `btn ${variant}` }, label));
}
