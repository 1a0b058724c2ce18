/**
 * The document's sides: a licence's front and back, an identity card's front and back, a passport's
 * photo page. A licence back runs live PDF417 detection on camera frames and takes the photo as soon
 * as a frame decodes; a passport's or card's machine-readable zone is read on the server, so those
 * photos are checked here for blur before they are sent. Either side can be taken by hand or chosen
 * from a file instead.
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
import type { DocumentType } from '../api.js';
import type { FlowContext } from '../context.js';
import { classify, flowError } from '../errors.js';
import { t, type MessageKey } from '../i18n/index.js';
import { BLURRED_BELOW, SHARPNESS_WIDTH_PX, lumaOf, sharpness } from '../sharpness.js';
import { announce, button, filePicker, h, showScreen } from '../ui.js';

// ID-1 card (85.60 × 53.98 mm); a passport's photo page is ID-3 (125 × 88 mm).
const CARD_ASPECT = 1.586;
const PASSPORT_ASPECT = 125 / 88;
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

/** The words of each screen, by document and side. */
type Words = { title: MessageKey; hint: MessageKey; ready: MessageKey; alt: MessageKey };

function wordsFor(type: DocumentType, isBack: boolean): Words {
  if (type === 'passport')
    return {
      title: 'document.passport.title',
      hint: 'document.passport.hint',
      ready: 'document.passport.ready',
      alt: 'document.passport.alt',
    };
  if (type === 'id_card')
    return isBack
      ? {
          title: 'document.idcard.back.title',
          hint: 'document.idcard.back.hint',
          ready: 'document.idcard.ready',
          alt: 'document.idcard.back.alt',
        }
      : {
          title: 'document.idcard.front.title',
          hint: 'document.idcard.front.hint',
          ready: 'document.idcard.ready',
          alt: 'document.idcard.front.alt',
        };
  return isBack
    ? {
        title: 'document.back.title',
        hint: 'document.back.hint',
        ready: 'document.back.ready',
        alt: 'document.back.alt',
      }
    : {
        title: 'document.front.title',
        hint: 'document.front.hint',
        ready: 'document.front.ready',
        alt: 'document.front.alt',
      };
}

function guideRegion(width: number, height: number, aspect = CARD_ASPECT): Region {
  const gw = Math.min(width * 0.9, height * 0.9 * aspect);
  const gh = gw / aspect;
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

export function documentStep(ctx: FlowContext, side: Side, type: DocumentType = 'drivers_license'): void {
  const isBack = side === 'back';
  const words = wordsFor(type, isBack);
  const title = t(words.title);
  // Only a licence's back has a PDF417 to read live; a passport's or card's MRZ is read on the server.
  const scansBarcode = isBack && type === 'drivers_license';
  const aspect = type === 'passport' ? PASSPORT_ASPECT : CARD_ASPECT;
  ctx.enterStep(isBack ? 'document_back' : 'document_front');
  if (scansBarcode) warmUpBarcodeReader();
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

  /** Where the merchant accepts several documents, a way back to the choice. */
  function otherDocumentButton(): HTMLButtonElement | null {
    const choose = ctx.chooseDocument;
    return choose ? button(t('document.change'), choose, 'secondary') : null;
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
    const guide = h('div', {
      class: type === 'passport' ? 'guide card-guide passport-guide' : 'guide card-guide',
      'aria-hidden': 'true',
    });
    const viewport = h('div', { class: 'camera loading' }, video, guide);
    const scanStatus = h('p', { class: 'scan-status', id: 'scan-status' }, t('camera.starting'));
    const shoot = button(t('document.take'), () => takePhoto());
    shoot.disabled = true;
    showScreen(
      title,
      [
        notice ? h('p', { class: 'notice error', role: 'alert' }, notice) : null,
        h('p', { class: 'hint' }, t(words.hint)),
        viewport,
        scanStatus,
        h('div', { class: 'actions' }, shoot, uploadPicker(false), otherDocumentButton(), phoneButton()),
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
        const g = guideRegion(vw, vh, aspect);
        viewport.style.setProperty('--camera-aspect', String(vw / vh));
        Object.assign(guide.style, {
          left: `${(g.x / vw) * 100}%`,
          top: `${(g.y / vh) * 100}%`,
          width: `${(g.width / vw) * 100}%`,
          height: `${(g.height / vh) * 100}%`,
        });
        viewport.classList.remove('loading');
        shoot.disabled = false;
        const ready = t(words.ready);
        scanStatus.textContent = ready;
        announce(ready);
        if (scansBarcode) scheduleScan();
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
      const barcode = scansBarcode ? await barcodeReader.decode(decodeInput(full)) : null;
      review({ canvas: full, barcode, card: guideRegion(full.width, full.height, aspect) });
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
        otherDocumentButton(),
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
    if (scansBarcode) {
      // The original file first: phone photos are larger than the upload copy and read more reliably.
      barcode = (await barcodeReader.decode(file)) ?? (await barcodeReader.decode(imageDataOf(canvas)));
    }
    review({ canvas, barcode });
  }

  function review({ canvas, barcode, card }: Captured): void {
    const dataUrl = toJpegDataUrl(canvas, JPEG_QUALITY);
    // The front's printed fields are read on the server and compared with the barcode: a blurred
    // front is said so here, where it can still be retaken, not blocked (it is then compared as far
    // as it can be read). A passport's or card's MRZ is read on the server too: the same goes for it.
    const blurred = !scansBarcode && looksBlurred(canvas, card);
    const mrz = type !== 'drivers_license';
    const advice = t(
      scansBarcode
        ? barcode
          ? 'document.review.back.read'
          : 'document.review.back.unread'
        : blurred
          ? mrz
            ? 'document.review.mrz.blurred'
            : 'document.review.front.blurred'
          : mrz
            ? 'document.review.mrz'
            : 'document.review.front',
    );
    // A blurred front makes retaking the suggested action.
    const use = button(t('document.use'), () => void upload(), blurred ? 'secondary' : 'primary');
    const retake = button(t('document.retake'), () => showCamera(), blurred ? 'primary' : 'secondary');
    showScreen(t('document.review.title'), [
      h('img', {
        class: 'preview',
        src: dataUrl,
        alt: t(words.alt),
      }),
      h(
        'p',
        {
          class: barcode || (!scansBarcode && !blurred) ? 'notice ok' : 'notice',
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
        await ctx.api.document(side, dataUrl, barcode ?? undefined, type);
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
