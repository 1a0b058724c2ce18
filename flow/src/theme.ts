/** Applies the host page's theme from `init`: a primary colour (validated as CSS) and a colour scheme. */

export interface ThemeInput {
  primaryColor?: string;
  colorScheme?: string;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a colour the browser has resolved to `rgb(…)`/`rgba(…)`, or null. */
function luminance(resolved: string): number | null {
  const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(resolved);
  if (!m) return null;
  return 0.2126 * channel(Number(m[1])) + 0.7152 * channel(Number(m[2])) + 0.0722 * channel(Number(m[3]));
}

/** Black or white text, whichever contrasts more with the button colour, so any brand colour stays legible. */
function textColourOn(colour: string): string {
  const probe = document.createElement('span');
  probe.style.color = colour;
  document.body.append(probe);
  const resolved = getComputedStyle(probe).color;
  probe.remove();
  const l = luminance(resolved);
  if (l === null) return '#ffffff';
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onWhite >= onBlack ? '#ffffff' : '#000000';
}

export function applyTheme(theme: ThemeInput): void {
  const root = document.documentElement;
  if (theme.colorScheme === 'dark' || theme.colorScheme === 'light') {
    root.dataset.colorScheme = theme.colorScheme;
  }
  const colour = theme.primaryColor?.trim();
  if (colour && colour.length <= 64 && CSS.supports('color', colour)) {
    root.style.setProperty('--idv-primary', colour);
    root.style.setProperty('--idv-on-primary', textColourOn(colour));
  }
}
