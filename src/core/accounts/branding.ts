/**
 * The rules an account's branding must meet (docs/hosted-flow.md "Branding"). The hosted flow writes
 * white text on the brand colour, so the colour must reach WCAG AA's 4.5:1 contrast against white.
 */

export const BRAND_NAME_MAX = 80;
export const BRAND_URL_MAX = 500;
/** The largest logo upload accepted, checked before any decoder reads it. */
export const BRAND_LOGO_MAX_BYTES = 100 * 1024;
/** WCAG 2.1 AA for normal text. */
export const MIN_CONTRAST_ON_WHITE = 4.5;

const HEX_COLOUR = /^#[0-9a-f]{6}$/;

function channel(hex: string): number {
  const c = parseInt(hex, 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG contrast ratio of white text on a `#rrggbb` colour (lower case). */
export function contrastWithWhite(colour: string): number {
  const l =
    0.2126 * channel(colour.slice(1, 3)) +
    0.7152 * channel(colour.slice(3, 5)) +
    0.0722 * channel(colour.slice(5, 7));
  return 1.05 / (l + 0.05);
}

/** Why a brand colour is refused, or null when white text on it is readable. */
export function colourProblem(colour: string): { type: string; msg: string } | null {
  if (!HEX_COLOUR.test(colour)) return { type: 'colour_format', msg: 'must be a colour written #rrggbb' };
  const ratio = contrastWithWhite(colour);
  if (ratio < MIN_CONTRAST_ON_WHITE) {
    return {
      type: 'colour_contrast',
      msg: `white text on ${colour} has a contrast of ${ratio.toFixed(2)}:1, below the ${MIN_CONTRAST_ON_WHITE}:1 that keeps buttons readable (WCAG AA); choose a darker colour`,
    };
  }
  return null;
}

/** Why a support or privacy link is refused, or null: only absolute https addresses are shown to users. */
export function linkProblem(value: string): { type: string; msg: string } | null {
  if (value.length > BRAND_URL_MAX) {
    return { type: 'url_too_long', msg: `must be at most ${BRAND_URL_MAX} characters` };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { type: 'url_https', msg: 'must be an https address' };
  }
  if (url.protocol !== 'https:' || url.username || url.password) {
    return { type: 'url_https', msg: 'must be an https address' };
  }
  return null;
}
