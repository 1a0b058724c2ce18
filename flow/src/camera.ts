/** Camera access through getUserMedia, and turning what the camera or a file shows into JPEG data. */
import { t } from './i18n/index.js';

export type Facing = 'environment' | 'user';

export class CameraError extends Error {
  constructor(readonly reason: 'denied' | 'unavailable') {
    super(`camera ${reason}`);
    this.name = 'CameraError';
  }
}

export function hasCameraApi(): boolean {
  return typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Starts the camera into `video`. `idealWidth` matters for PDF417: dense licence barcodes need ≥ 1280 px. */
export async function startCamera(
  video: HTMLVideoElement,
  facing: Facing,
  idealWidth: number,
): Promise<MediaStream> {
  if (!hasCameraApi()) throw new CameraError('unavailable');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: {
        facingMode: { ideal: facing },
        width: { ideal: idealWidth },
        height: { ideal: Math.round((idealWidth * 9) / 16) },
      },
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    throw new CameraError(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
  }
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await video.play();
  } catch {
    stopCamera(stream);
    throw new CameraError('unavailable');
  }
  return stream;
}

export function stopCamera(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Draws `source` (or a region of it) onto a canvas no larger than `maxSide` on its long edge. */
export function drawToCanvas(
  source: CanvasImageSource,
  sourceWidth: number,
  sourceHeight: number,
  maxSide: number,
  region: Region = { x: 0, y: 0, width: sourceWidth, height: sourceHeight },
): HTMLCanvasElement {
  const scale = Math.min(1, maxSide / Math.max(region.width, region.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(region.width * scale));
  canvas.height = Math.max(1, Math.round(region.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas is not available');
  ctx.drawImage(source, region.x, region.y, region.width, region.height, 0, 0, canvas.width, canvas.height);
  return canvas;
}

export function imageDataOf(canvas: HTMLCanvasElement): ImageData {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('2D canvas is not available');
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

export function toJpegDataUrl(canvas: HTMLCanvasElement, quality: number): string {
  return canvas.toDataURL('image/jpeg', quality);
}

export async function loadImageFile(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file);
  } catch {
    throw new Error(t('file.unreadable'));
  }
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
}
