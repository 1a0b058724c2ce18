/**
 * Line icons for the challenge's instructions. Decorative (aria-hidden): the instruction's words say
 * the same. The preview is mirrored, so "your left" points to the screen's left.
 */
import type { ChallengeAction } from '../../src/core/faces/challenge.js';

export type IconName = ChallengeAction | 'neutral' | 'done';

const FACE = 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18';
const EYES = 'M9 10h.01M15 10h.01';

const PATHS: Record<IconName, string[]> = {
  turn_left: ['M19 12H5', 'M11 6l-6 6 6 6'],
  turn_right: ['M5 12h14', 'M13 6l6 6-6 6'],
  look_up: ['M12 19V5', 'M6 11l6-6 6 6'],
  look_down: ['M12 5v14', 'M6 13l6 6 6-6'],
  smile: [FACE, EYES, 'M8 14c2 2.5 6 2.5 8 0'],
  blink: [FACE, 'M7.5 10h3M13.5 10h3', 'M9 15h6'],
  open_mouth: [FACE, EYES, 'M10 15.5a2 2 0 1 0 4 0a2 2 0 1 0-4 0'],
  neutral: [FACE, EYES, 'M9 15h6'],
  done: ['M5 12.5l4.5 4.5L19 7.5'],
};

export function icon(name: IconName): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', `icon icon-${name}`);
  for (const d of PATHS[name]) {
    const path = document.createElementNS(ns, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}
