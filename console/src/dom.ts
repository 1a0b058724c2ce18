/** DOM helpers. Text goes in as text nodes only: names, notes and list entries come from users. */

export type Child = Node | string | number | null | undefined | false;
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
    el.append(typeof child === 'number' ? String(child) : child);
  }
  return el;
}

export function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from index.html`);
  return el as T;
}

/** Replaces the page content; the heading takes focus so keyboard and screen-reader users start there. */
export function showPage(title: string, ...body: Child[]): HTMLElement {
  const main = byId<HTMLElement>('main');
  const heading = h('h1', { id: 'page-title', tabindex: -1 }, title);
  main.replaceChildren(h('div', {}, heading, ...body));
  document.title = `${title} · Review console`;
  heading.focus();
  return main;
}

export function announce(message: string, urgent = false): void {
  const region = byId<HTMLElement>(urgent ? 'alert' : 'live');
  region.textContent = '';
  // A fresh text node after a tick makes screen readers repeat a message identical to the last one.
  setTimeout(() => {
    region.textContent = message;
  }, 30);
}

/** A JSON value as readable text: numbers rounded to 4 places, null as an em dash. */
export function display(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return String(Math.round(value * 10_000) / 10_000);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.length === 0 ? 'none' : value.map(display).join(', ');
  return JSON.stringify(value);
}

export function humanise(key: string): string {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A description list of rows; a row marked failing is labelled so, not told by colour alone. */
export function facts(rows: Array<[string, unknown, ('fail' | 'ok')?]>): HTMLDListElement {
  return h(
    'dl',
    { class: 'facts' },
    ...rows.flatMap(([label, value, state]) => [
      h('dt', { class: state ?? '' }, label),
      h(
        'dd',
        { class: state ?? '' },
        value instanceof Node ? value : display(value),
        state === 'fail' ? h('span', { class: 'flag' }, ' Failed') : null,
      ),
    ]),
  );
}

/** Every field of a nested object, for whatever a check reports beyond the headline figures. */
export function allFields(label: string, value: Record<string, unknown> | undefined): HTMLElement | null {
  if (!value || Object.keys(value).length === 0) return null;
  const rows = (obj: Record<string, unknown>): HTMLDListElement =>
    h(
      'dl',
      { class: 'facts nested' },
      ...Object.entries(obj).flatMap(([k, v]) => [
        h('dt', {}, humanise(k)),
        h(
          'dd',
          {},
          v && typeof v === 'object' && !Array.isArray(v) ? rows(v as Record<string, unknown>) : display(v),
        ),
      ]),
    );
  return h('details', { class: 'all-fields' }, h('summary', {}, label), rows(value));
}
