/**
 * Guided selfie: 8 frames over about 2 s while the user turns their head slightly. Passive liveness
 * compares the frames, so the visible and spoken prompt to move is part of the capture, not decoration.
 */
import {
  CameraError,
  drawToCanvas,
  loadImageFile,
  readAsDataUrl,
  startCamera,
  stopCamera,
  toJpegDataUrl,
} from '../camera.js';
import type { FlowContext } from '../context.js';
import { classify, flowError } from '../errors.js';
import { announce, button, filePicker, h, showScreen } from '../ui.js';

// The server keeps the first 8 frames (SPEC 8); 8 × 250 ms spans the ~2 s head turn.
const FRAME_COUNT = 8;
const FRAME_INTERVAL_MS = 250;
const FRAME_MAX_SIDE_PX = 720;
const JPEG_QUALITY = 0.85;
// Session uploads are capped at 15 MB of JSON; base64 grows a file by 4/3, so 10 MB of video fits.
const MAX_VIDEO_BYTES = 10 * 1024 * 1024;

function promptFor(frameIndex: number): string {
  if (frameIndex < 2) return 'Look straight at the camera';
  if (frameIndex < 5) return 'Turn your head slightly to the left';
  return 'Now slightly to the right';
}

export function selfieStep(ctx: FlowContext): void {
  ctx.enterStep('selfie');
  showCamera();

  function fallbackPicker(primary: boolean): HTMLElement {
    return filePicker(
      primary ? 'Record a short video or choose photos' : 'Use a video or photos instead',
      { accept: 'video/*,image/jpeg,image/png,image/webp', capture: 'user', multiple: true },
      (files) => void useFiles(files),
      primary ? 'primary' : 'secondary',
    );
  }

  function showCamera(notice?: string): void {
    let active = true;
    let stream: MediaStream | undefined;
    const video = h('video', {
      class: 'camera-video mirrored',
      muted: true,
      playsinline: true,
      'aria-hidden': 'true',
    });
    const viewport = h(
      'div',
      { class: 'camera selfie loading' },
      video,
      h('div', { class: 'guide face-guide', 'aria-hidden': 'true' }),
    );
    const prompt = h('p', { class: 'selfie-prompt', id: 'selfie-prompt' }, 'Starting the camera…');
    const dots = h(
      'ol',
      { class: 'frame-dots', 'aria-hidden': 'true' },
      ...Array.from({ length: FRAME_COUNT }, () => h('li')),
    );
    const start = button('Start', () => void capture());
    start.disabled = true;
    showScreen(
      'Take a selfie',
      [
        notice ? h('p', { class: 'notice error', role: 'alert' }, notice) : null,
        h(
          'p',
          { class: 'hint', id: 'selfie-hint' },
          'Centre your face in the oval, in good light, without a hat or sunglasses. When you press Start, keep looking at the screen and slowly turn your head slightly to the left, then to the right. It takes 2 seconds.',
        ),
        viewport,
        prompt,
        dots,
        h('div', { class: 'actions' }, start, fallbackPicker(false)),
      ],
      () => {
        active = false;
        stopCamera(stream);
      },
    );
    start.setAttribute('aria-describedby', 'selfie-hint');

    startCamera(video, 'user', 1280)
      .then((s) => {
        stream = s;
        if (!active) return stopCamera(s);
        viewport.style.setProperty(
          '--camera-aspect',
          String((video.videoWidth || 4) / (video.videoHeight || 3)),
        );
        viewport.classList.remove('loading');
        start.disabled = false;
        prompt.textContent = 'Ready when you are.';
        announce('Camera on. Press Start when your face is in the oval.');
      })
      .catch((error: unknown) => {
        if (active) cameraFailed(error, notice);
      });

    async function capture(): Promise<void> {
      start.disabled = true;
      const frames: string[] = [];
      let lastPrompt = '';
      for (let i = 0; i < FRAME_COUNT; i++) {
        if (!active) return;
        const text = promptFor(i);
        if (text !== lastPrompt) {
          prompt.textContent = text;
          announce(text);
          lastPrompt = text;
        }
        const canvas = drawToCanvas(video, video.videoWidth, video.videoHeight, FRAME_MAX_SIDE_PX);
        frames.push(toJpegDataUrl(canvas, JPEG_QUALITY));
        dots.children[i]?.classList.add('done');
        if (i < FRAME_COUNT - 1) await new Promise((resolve) => setTimeout(resolve, FRAME_INTERVAL_MS));
      }
      active = false;
      stopCamera(stream);
      await upload({ frames_b64: frames });
    }
  }

  function cameraFailed(error: unknown, notice?: string): void {
    const denied = error instanceof CameraError && error.reason === 'denied';
    ctx.reportError(
      flowError(
        denied ? 'camera_denied' : 'camera_unavailable',
        denied ? 'Camera permission was denied.' : 'No camera is available.',
      ),
    );
    showScreen('Take a selfie', [
      notice ? h('p', { class: 'notice error', role: 'alert' }, notice) : null,
      h(
        'p',
        { class: 'notice' },
        denied
          ? 'Camera access is blocked. Allow the camera for this site in your browser settings and press Try the camera again.'
          : 'We could not start a camera on this device.',
      ),
      h(
        'p',
        { class: 'hint' },
        'Instead, record a 2 to 3 second selfie video slowly turning your head slightly left and right, or choose up to 8 photos of your face.',
      ),
      h(
        'div',
        { class: 'actions' },
        fallbackPicker(true),
        button('Try the camera again', () => showCamera(), 'secondary'),
      ),
    ]);
  }

  async function useFiles(files: File[]): Promise<void> {
    const video = files.find((f) => f.type.startsWith('video/'));
    try {
      if (video) {
        if (video.size > MAX_VIDEO_BYTES) {
          showCamera('That video is too long. Record 2 to 3 seconds.');
          return;
        }
        await upload({ video_b64: await readAsDataUrl(video) });
        return;
      }
      const frames: string[] = [];
      for (const file of files.slice(0, FRAME_COUNT)) {
        const bitmap = await loadImageFile(file);
        frames.push(
          toJpegDataUrl(drawToCanvas(bitmap, bitmap.width, bitmap.height, FRAME_MAX_SIDE_PX), JPEG_QUALITY),
        );
        bitmap.close();
      }
      await upload({ frames_b64: frames });
    } catch (error) {
      showCamera(error instanceof Error ? error.message : String(error));
    }
  }

  async function upload(input: { frames_b64: string[] } | { video_b64: string }): Promise<void> {
    showScreen('Sending your selfie', [
      h('div', { class: 'spinner', 'aria-hidden': 'true' }),
      h('p', { class: 'hint' }, 'This takes a moment.'),
    ]);
    announce('Sending your selfie…');
    try {
      await ctx.api.selfie(input);
    } catch (error) {
      const fe = classify(error);
      if (fe.code === 'image_invalid' || fe.code === 'payload_too_large') {
        ctx.reportError(fe);
        showCamera(fe.message);
      } else {
        ctx.handleError(error, () => void upload(input));
      }
      return;
    }
    await ctx.refresh();
  }
}
