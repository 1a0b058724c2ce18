import type { LogoEncoder } from '../../ports/branding.js';
import { openImage } from './image-decode.js';

/** The largest side of a stored logo: the flow's header shows it at most 48 px high on a 3× screen. */
const LOGO_MAX_SIDE = 256;

export const encodeLogo: LogoEncoder = async (bytes) => {
  try {
    return await openImage(bytes)
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  } catch {
    return null;
  }
};
