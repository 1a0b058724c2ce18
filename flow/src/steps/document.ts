/**
 * Licence front and back. The back runs live PDF417 detection on camera frames and takes the photo
 * as soon as a frame decodes; either side can be taken by hand or chosen from a file instead.
 */
import { barcodeReader, warmUpBarcodeReader } from '../barcode.js';
import {
  CameraError,
  type Region,
  drawToCanvas,
  imageDataOf,
  loadImageFile,
  startCamera,
  stopCamera,
  toJpegDataUrl,
} from '../camera.js';
import type { FlowContext } from '../context.js';
import { classify, flowError } from '../errors.js';
import { t } from '../i18n/index.js';
import { BLURRED_BELOW, SHARPNESS_WIDTH_PX, lumaOf, sharpness } from '../sharpness.js';
import { announce, button, filePicker, h, showScreen } from '../ui.js';

// ID-1 card (85.60 × 53.98 mm).
const CARD_ASPECT = 1.586;
// Full-HD frames: dense licence PDF417 fails below ~1-px modules (zxing-wasm failed at 0.35× of a
// scale-2 symbol, research/stack-notes.md), and low default preview resolutions are a known cause of
// missed reads in ZXing-based scanners.
const CAMERA_WIDTH_PX = 1920;
// Phone photos reach 4000 px. At 2400 px a licence PDF417 (about 350 modules wide) across 70 % of the
// photo still has ~4.8 px per module, and the upload shrinks by the square of the scale.
const UPLOAD_MAX_SIDE_PX = 2400;
// The guide region of a 1920-px frame is ~1540 px wide, so live decoding sees it at full resolution.
const DECODE_MAX_SIDE_PX = 1600;
// One decode of the card area of a 1080p frame took 55 ms (read) to 90 ms (nothing found) median in
// headless Chromium here (BENCHMARKS.md, "Web assets"): a 250 ms pause between decodes keeps the worker
// busy about a quarter of the time, leaving a phone's CPU to the camera preview.
const SCAN_INTERVAL_MS = 250;
const JPEG_QUALITY = 0.9;

type Side = 'front' | 'back';

interface Captured {
  canvas: HTMLCanvasElement;
  barcode: string | null;
  /** Where the card is: the guide of a camera frame; a chosen photo is taken as the card throughout. */
  card?: Region;
}

function guideRegion(width: number, height: number): Region {
  const gw = Math.min(width * 0.9, height * 0.9 * CARD_ASPECT);
  const gh = gw / CARD_ASPECT;
  return { x: (width - gw) / 2, y: (height - gh) / 2, width: gw, height: gh };
}

/** Whether the card in a picture is too blurred for its printed text to be read (sharpness.ts). */
function looksBlurred(canvas: HTMLCanvasElement, card?: Region): boolean {
  const small = imageDataOf(drawToCanvas(canvas, canvas.width, canvas.height, SHARPNESS_WIDTH_PX, card));
  return sharpness(lumaOf(small.data, small.width * small.height), small.width, small.height) < BLURRED_BELOW;
}

/** The card area of a frame, scaled for decoding: the rest of the frame only costs decode time. */
function decodeInput(full: HTMLCanvasElement): ImageData {
  return imageDataOf(
    drawToCanvas(full, full.width, full.height, DECODE_MAX_SIDE_PX, guideRegion(full.width, full.height)),
  );
}

export function documentStep(ctx: FlowContext, side: Side): void {
  const isBack = side === 'back';
  const title = t(isBack ? 'document.back.title' : 'document.front.title');
  ctx.enterStep(isBack ? 'document_back' : 'document_front');
  warmUpBarcodeReader();
  showCamera();

  function uploadPicker(primary: boolean): HTMLElement {
    return filePicker(
      t(primary ? 'document.choose' : 'document.upload'),
      { accept: 'image/jpeg,image/png,image/webp,image/*', capture: 'environment' },
      (files) => {
        const file = files[0];
        if (file) void useFile(file);
      },
      primary ? 'primary' : 'secondary',
    );
  }

  /** On a desktop, a way back to "continue on your phone" after choosing this device. */
  function phoneButton(): HTMLButtonElement | null {
    const continueOnPhone = ctx.continueOnPhone;
    return continueOnPhone ? button(t('handoff.offer'), continueOnPhone, 'secondary') : null;
  }

  function showCamera(notice?: string): void {
    let active = true;
    let stream: MediaStream | undefined;
    let capturing = false;
    const video = h('video', {
      class: 'camera-video',
      muted: true,
      playsinline: true,
      'aria-hidden': 'true',
    });
    const guide = h('div', { class: 'guide card-guide', 'aria-hidden': 'true' });
    const viewport = h('div', { class: 'camera loading' }, video, guide);
    const scanStatus = h('p', { class: 'scan-status', id: 'scan-status' }, t('camera.starting'));
    const shoot = button(t('document.take'), () => takePhoto());
    shoot.disabled = true;
    showScreen(
      title,
      [
        notice ? h('p', { class: 'notice error', role: 'alert' }, notice) : null,
        h('p', { class: 'hint' }, t(isBack ? 'document.back.hint' : 'document.front.hint')),
        viewport,
        scanStatus,
        h('div', { class: 'actions' }, shoot, uploadPicker(false), phoneButton()),
      ],
      () => {
        active = false;
        stopCamera(stream);
      },
    );

    startCamera(video, 'environment', CAMERA_WIDTH_PX)
      .then((s) => {
        stream = s;
        if (!active) return stopCamera(s);
        const vw = video.videoWidth || 1280;
        const vh = video.videoHeight || 720;
        const g = guideRegion(vw, vh);
        viewport.style.setProperty('--camera-aspect', String(vw / vh));
        Object.assign(guide.style, {
          left: `${(g.x / vw) * 100}%`,
          top: `${(g.y / vh) * 100}%`,
          width: `${(g.width / vw) * 100}%`,
          height: `${(g.height / vh) * 100}%`,
        });
        viewport.classList.remove('loading');
        shoot.disabled = false;
        const ready = t(isBack ? 'document.back.ready' : 'document.front.ready');
        scanStatus.textContent = ready;
        announce(ready);
        if (isBack) scheduleScan();
      })
      .catch((error: unknown) => {
        if (active) cameraFailed(error, notice);
      });

    function frame(): HTMLCanvasElement {
      return drawToCanvas(video, video.videoWidth, video.videoHeight, UPLOAD_MAX_SIDE_PX);
    }

    function scheduleScan(): void {
      setTimeout(() => void scan(), SCAN_INTERVAL_MS);
    }

    async function scan(): Promise<void> {
      if (!active || capturing) return;
      if (barcodeReader.busy || video.readyState < 2) return scheduleScan();
      const full = frame();
      const text = await barcodeReader.decode(decodeInput(full));
      if (!active || capturing) return;
      if (text) {
        capturing = true;
        announce(t('document.barcode.read'));
        active = false;
        stopCamera(stream);
        review({ canvas: full, barcode: text });
        return;
      }
      scheduleScan();
    }

    async function takePhoto(): Promise<void> {
      if (capturing) return;
      capturing = true;
      const full = frame();
      active = false;
      stopCamera(stream);
      const barcode = isBack ? await barcodeReader.decode(decodeInput(full)) : null;
      review({ canvas: full, barcode, card: guideRegion(full.width, full.height) });
    }
  }

  function cameraFailed(error: unknown, notice?: string): void {
    const denied = error instanceof CameraError && error.reason === 'denied';
    ctx.reportError(flowError(denied ? 'camera_denied' : 'camera_unavailable'));
    showScreen(title, [
      notice ? h('p', { class: 'notice error', role: 'alert' }, notice) : null,
      h('p', { class: 'notice' }, t(denied ? 'camera.denied.document' : 'camera.unavailable.document')),
      h(
        'div',
        { class: 'actions' },
        uploadPicker(true),
        button(t('camera.retry'), () => showCamera(), 'secondary'),
        phoneButton(),
      ),
    ]);
  }

  async function useFile(file: File): Promise<void> {
    announce(t('document.reading'));
    let canvas: HTMLCanvasElement;
    try {
      const bitmap = await loadImageFile(file);
      canvas = drawToCanvas(bitmap, bitmap.width, bitmap.height, UPLOAD_MAX_SIDE_PX);
      bitmap.close();
    } catch (error) {
      showCamera(error instanceof Error ? error.message : String(error));
      return;
    }
    let barcode: string | null = null;
    if (isBack) {
      // The original file first: phone photos are larger than the upload copy and read more reliably.
      barcode = (await barcodeReader.decode(file)) ?? (await barcodeReader.decode(imageDataOf(canvas)));
    }
    review({ canvas, barcode });
  }

  function review({ canvas, barcode, card }: Captured): void {
    const dataUrl = toJpegDataUrl(canvas, JPEG_QUALITY);
    // The front's printed fields are read on the server and compared with the barcode: a blurred
    // front is said so here, where it can still be retaken, not blocked (it is then compared as far
    // as it can be read).
    const blurred = !isBack && looksBlurred(canvas, card);
    const advice = t(
      isBack
        ? barcode
          ? 'document.review.back.read'
          : 'document.review.back.unread'
        : blurred
          ? 'document.review.front.blurred'
          : 'document.review.front',
    );
    // A blurred front makes retaking the suggested action.
    const use = button(t('document.use'), () => void upload(), blurred ? 'secondary' : 'primary');
    const retake = button(t('document.retake'), () => showCamera(), blurred ? 'primary' : 'secondary');
    showScreen(t('document.review.title'), [
      h('img', {
        class: 'preview',
        src: dataUrl,
        alt: t(isBack ? 'document.back.alt' : 'document.front.alt'),
      }),
      h(
        'p',
        {
          class: barcode || (!isBack && !blurred) ? 'notice ok' : 'notice',
          ...(blurred ? { role: 'status' } : {}),
        },
        advice,
      ),
      h('div', { class: 'actions' }, use, retake),
    ]);

    async function upload(): Promise<void> {
      use.disabled = true;
      retake.disabled = true;
      use.setAttribute('aria-busy', 'true');
      use.textContent = t('document.sending');
      announce(t('document.sending.announce'));
      try {
        await ctx.api.document(side, dataUrl, barcode ?? undefined);
      } catch (error) {
        const fe = classify(error);
        if (
          fe.code === 'barcode_unreadable' ||
          fe.code === 'image_invalid' ||
          fe.code === 'payload_too_large'
        ) {
          ctx.reportError(fe);
          showCamera(fe.message);
        } else {
          ctx.handleError(error, () => void upload());
        }
        return;
      }
      await ctx.refresh();
    }
  }
}
