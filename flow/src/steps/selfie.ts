/**
 * Guided selfie with an active liveness challenge (docs/hosted-flow.md, "Selfie"): the server draws
 * 2–3 movements (POST /v1/session/challenge); the step shows them one at a time, watches the live
 * face landmarks and takes each frame when the movement is seen (challenge-run.ts), then sends the
 * frames with their labels and times. A recording cannot know the order in advance. A video or
 * photos chosen instead answer no challenge, so the server holds that verification for review.
 */
import { ApiError, type LivenessChallenge, type SelfieUpload } from '../api.js';
import {
  CameraError,
  drawToCanvas,
  loadImageFile,
  readAsDataUrl,
  startCamera,
  stopCamera,
  toJpegDataUrl,
} from '../camera.js';
import { ChallengeRun, type Decision, type Prompt } from '../challenge-run.js';
import { icon, type IconName } from '../challenge-icons.js';
import type { FlowContext } from '../context.js';
import { classify, flowError } from '../errors.js';
import type { FaceTracker } from '../face-tracker.js';
import { t, type MessageKey } from '../i18n/index.js';
import { announce, button, filePicker, h, showScreen } from '../ui.js';
import type { ChallengeAction, FrameLabel } from '../../../src/core/faces/challenge.js';
import { MAX_SELFIE_FRAMES } from '../../../src/core/verifications/status.js';

const FRAME_MAX_SIDE_PX = 720;
const JPEG_QUALITY = 0.85;
// What the fallback asks for: 2 to 3 s of turning the head, sampled into the frames the server keeps.
const VIDEO_MIN_SECONDS = 2;
const VIDEO_MAX_SECONDS = 3;
// Session uploads are capped at 15 MB of JSON; base64 grows a file by 4/3, so 10 MB of video fits.
const MAX_VIDEO_BYTES = 10 * 1024 * 1024;
// A pause between analysed frames keeps the page responsive on a slow phone.
const ANALYSIS_PAUSE_MS = 30;
// The challenge must arrive before it expires: stop waiting this long before, for the upload.
const UPLOAD_MARGIN_MS = 10_000;

const ACTION_TEXT: Record<ChallengeAction, MessageKey> = {
  turn_left: 'challenge.action.turn_left',
  turn_right: 'challenge.action.turn_right',
  look_up: 'challenge.action.look_up',
  look_down: 'challenge.action.look_down',
  smile: 'challenge.action.smile',
  blink: 'challenge.action.blink',
  open_mouth: 'challenge.action.open_mouth',
};

const GUIDANCE_TEXT = {
  no_face: 'challenge.guide.no_face',
  one_face: 'challenge.guide.one_face',
  closer: 'challenge.guide.closer',
  centre: 'challenge.guide.centre',
  straight: 'challenge.guide.straight',
  still: 'challenge.guide.still',
} as const satisfies Record<string, MessageKey>;

/** The models load once per page, on the selfie step only; a failed load is tried again next time. */
let trackerLoad: Promise<FaceTracker> | undefined;
function faceTracker(): Promise<FaceTracker> {
  if (!trackerLoad) {
    trackerLoad = import('../face-tracker.js').then((module) => module.loadFaceTracker());
    trackerLoad.catch(() => {
      trackerLoad = undefined;
    });
  }
  return trackerLoad;
}

type Frame = { image: string; label: FrameLabel; atMs: number };

export function selfieStep(ctx: FlowContext): void {
  ctx.enterStep('selfie');
  showCamera();

  function fallbackPicker(primary: boolean): HTMLElement {
    return filePicker(
      t(primary ? 'selfie.fallback.primary' : 'selfie.fallback'),
      { accept: 'video/*,image/jpeg,image/png,image/webp', capture: 'user', multiple: true },
      (files) => void useFiles(files),
      primary ? 'primary' : 'secondary',
    );
  }

  function showCamera(notice?: string): void {
    let active = true;
    let stream: MediaStream | undefined;
    let tracker: FaceTracker | undefined;
    const video = h('video', {
      class: 'camera-video mirrored',
      muted: true,
      playsinline: true,
      'aria-hidden': 'true',
    });
    const oval = h('div', { class: 'guide face-guide', 'aria-hidden': 'true' });
    const viewport = h('div', { class: 'camera selfie loading' }, video, oval);
    const promptIcon = h('span', { class: 'challenge-icon', 'aria-hidden': 'true' });
    const promptText = h('span', {}, t('challenge.loading'));
    const prompt = h('p', { class: 'selfie-prompt', id: 'selfie-prompt' }, promptIcon, promptText);
    const guidance = h('p', { class: 'challenge-guidance' });
    const progress = h('p', { class: 'challenge-progress' });
    const steps = h('ol', { class: 'challenge-steps', 'aria-label': t('challenge.steps') });
    const start = button(t('selfie.start'), () => void runChallenge());
    start.disabled = true;
    showScreen(
      t('selfie.title'),
      [
        notice ? h('p', { class: 'notice error', role: 'alert' }, notice) : null,
        h('p', { class: 'hint', id: 'selfie-hint' }, t('selfie.hint')),
        viewport,
        prompt,
        guidance,
        progress,
        steps,
        h('div', { class: 'actions' }, start, fallbackPicker(false)),
      ],
      () => {
        active = false;
        stopCamera(stream);
      },
    );
    start.setAttribute('aria-describedby', 'selfie-hint');

    const camera = startCamera(video, 'user', 1280).then((s) => {
      stream = s;
      if (!active) stopCamera(s);
    });
    Promise.all([faceTracker(), camera])
      .then(([loaded]) => {
        if (!active) return;
        tracker = loaded;
        viewport.style.setProperty(
          '--camera-aspect',
          String((video.videoWidth || 4) / (video.videoHeight || 3)),
        );
        viewport.classList.remove('loading');
        start.disabled = false;
        promptText.textContent = t('selfie.ready');
        announce(t('selfie.ready.announce'));
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (error instanceof CameraError) return cameraFailed(error, notice);
        active = false;
        stopCamera(stream);
        fallbackOnly(t('challenge.unsupported'), true);
      });

    function setPrompt(name: IconName | null, text: string): void {
      promptIcon.replaceChildren(...(name ? [icon(name)] : []));
      promptText.textContent = text;
    }

    function showSteps(actions: readonly ChallengeAction[]): void {
      steps.replaceChildren(
        ...actions.map((action) => h('li', {}, icon(action), h('span', {}, t(ACTION_TEXT[action])))),
      );
    }

    let shownPrompt = '';
    /** Shows the instruction and hint; returns what to announce when the instruction changed. */
    function showPrompt(next: Prompt, actions: readonly ChallengeAction[]): string | null {
      const text =
        next.kind === 'baseline'
          ? t('challenge.baseline')
          : next.kind === 'back'
            ? t('challenge.back')
            : t(ACTION_TEXT[next.action]);
      const hint = next.kind === 'back' ? null : next.guidance;
      guidance.textContent = hint ? t(GUIDANCE_TEXT[hint]) : '';
      oval.classList.toggle('ok', next.kind !== 'back' && hint === null);
      if (text === shownPrompt) return null;
      shownPrompt = text;
      setPrompt(next.kind === 'action' ? next.action : next.kind === 'baseline' ? 'neutral' : null, text);
      if (next.kind === 'action') {
        progress.textContent = t('challenge.progress', { step: next.index + 1, total: actions.length });
        steps.querySelectorAll('li').forEach((li, i) => {
          li.classList.toggle('current', i === next.index);
          if (i === next.index) li.setAttribute('aria-current', 'step');
          else li.removeAttribute('aria-current');
        });
      }
      return next.kind === 'action' ? `${progress.textContent}. ${text}` : text;
    }

    /** Ticks the action off; returns what to announce. */
    function markDone(index: number, actions: readonly ChallengeAction[]): string {
      const li = steps.children[index];
      if (li) {
        li.classList.add('done');
        li.classList.remove('current');
        li.removeAttribute('aria-current');
        li.append(icon('done'), h('span', { class: 'sr-only' }, t('challenge.done')));
      }
      return t('challenge.seen', { action: t(ACTION_TEXT[actions[index]!]) });
    }

    async function runChallenge(): Promise<void> {
      if (!tracker) return;
      start.disabled = true;
      setPrompt(null, t('challenge.requesting'));
      const requestedAt = performance.now();
      let challenge: LivenessChallenge | null | undefined;
      try {
        challenge = (await ctx.api.challenge()).liveness_challenge;
      } catch (error) {
        if (!active) return;
        // The one 409 that leaves the verification open: its challenges are used up (docs/errors.md).
        if (
          error instanceof ApiError &&
          error.status === 409 &&
          error.detail.includes('liveness challenges')
        ) {
          ctx.reportError(classify(error));
          active = false;
          stopCamera(stream);
          fallbackOnly(t('challenge.limit'));
        } else {
          ctx.handleError(error, () => showCamera());
        }
        return;
      }
      if (!active) return;
      if (!challenge || challenge.answered) {
        ctx.handleError(new Error('the service issued no liveness challenge'), () => showCamera());
        return;
      }
      await guide(challenge, tracker, requestedAt);
    }

    async function guide(
      challenge: LivenessChallenge,
      faces: FaceTracker,
      requestedAt: number,
    ): Promise<void> {
      const { actions } = challenge;
      showSteps(actions);
      // captured_at_ms counts from here: the moment the first instruction is on screen.
      const shownAt = performance.now();
      // The challenge's lifetime by the server's clock, less what has passed here since asking for it.
      const lifetimeMs = Date.parse(`${challenge.expires_at}Z`) - Date.parse(`${challenge.issued_at}Z`);
      const run = new ChallengeRun(actions, {
        actionWindowMs: challenge.action_window_ms,
        maxActionWindowMs: challenge.max_action_window_ms,
        answerWithinMs: lifetimeMs - (shownAt - requestedAt) - UPLOAD_MARGIN_MS,
      });
      const frames: Frame[] = [];
      let kept: { canvas: HTMLCanvasElement; atMs: number } | null = null;
      announce(showPrompt({ kind: 'baseline', guidance: null }, actions)!);
      while (active) {
        const atMs = Math.round(performance.now() - shownAt);
        const canvas = drawToCanvas(video, video.videoWidth, video.videoHeight, FRAME_MAX_SIDE_PX);
        const found = await faces.detect(canvas);
        if (!active) return;
        const decision: Decision = run.observe({ atMs, ...found });
        if (decision.discardFrames) frames.length = 0;
        if (decision.keep) kept = { canvas, atMs };
        if (decision.take) {
          const source = decision.take.frame === 'kept' ? kept : { canvas, atMs };
          if (source)
            frames.push({
              image: toJpegDataUrl(source.canvas, JPEG_QUALITY),
              label: decision.take.label,
              atMs: source.atMs,
            });
          if (decision.take.frame === 'kept') kept = null;
        }
        const done = decision.actionDone === null ? null : markDone(decision.actionDone, actions);
        // Sending is announced next, so the last action's tick is only shown.
        if (decision.outcome === 'finished') {
          active = false;
          stopCamera(stream);
          await upload({
            frames_b64: frames.map((frame) => frame.image),
            liveness_challenge: {
              id: challenge.id,
              frames: frames.map((frame) => ({ action: frame.label, captured_at_ms: frame.atMs })),
              action_window_ms: run.actionWindowMs,
            },
          });
          return;
        }
        if (decision.outcome === 'too_slow') {
          active = false;
          stopCamera(stream);
          fallbackOnly(t('challenge.too_slow'), true);
          return;
        }
        if (decision.outcome) {
          const missed = decision.outcome.timedOut;
          showCamera(
            missed === 'no_face'
              ? t('challenge.timeout.face')
              : t('challenge.timeout.action', { action: t(ACTION_TEXT[missed]) }),
          );
          return;
        }
        // One announcement per change, so the tick and the next instruction are both read.
        const message = [done, showPrompt(decision.prompt, actions)].filter(Boolean).join('. ');
        if (message) announce(message);
        await new Promise((resolve) => setTimeout(resolve, ANALYSIS_PAUSE_MS));
      }
    }
  }

  /** What the file fallback takes: a short video or a few photos. */
  function fallbackHint(): HTMLElement {
    return h(
      'p',
      { class: 'hint' },
      t('selfie.fallback.hint', {
        min: VIDEO_MIN_SECONDS,
        max: VIDEO_MAX_SECONDS,
        frames: MAX_SELFIE_FRAMES,
      }),
    );
  }

  /** Only a video or photos: no camera, the face check cannot run here, or no challenge is left. */
  function fallbackOnly(notice: string, retry = false): void {
    showScreen(t('selfie.title'), [
      h('p', { class: 'notice', role: 'alert' }, notice),
      fallbackHint(),
      h(
        'div',
        { class: 'actions' },
        fallbackPicker(true),
        retry ? button(t('camera.retry'), () => showCamera(), 'secondary') : null,
      ),
    ]);
  }

  function cameraFailed(error: CameraError, notice?: string): void {
    const denied = error.reason === 'denied';
    ctx.reportError(flowError(denied ? 'camera_denied' : 'camera_unavailable'));
    showScreen(t('selfie.title'), [
      notice ? h('p', { class: 'notice error', role: 'alert' }, notice) : null,
      h('p', { class: 'notice' }, t(denied ? 'camera.denied.selfie' : 'camera.unavailable.selfie')),
      fallbackHint(),
      h(
        'div',
        { class: 'actions' },
        fallbackPicker(true),
        button(t('camera.retry'), () => showCamera(), 'secondary'),
      ),
    ]);
  }

  async function useFiles(files: File[]): Promise<void> {
    const video = files.find((f) => f.type.startsWith('video/'));
    try {
      if (video) {
        if (video.size > MAX_VIDEO_BYTES) {
          showCamera(t('selfie.video.too.long', { min: VIDEO_MIN_SECONDS, max: VIDEO_MAX_SECONDS }));
          return;
        }
        await upload({ video_b64: await readAsDataUrl(video) });
        return;
      }
      const frames: string[] = [];
      for (const file of files.slice(0, MAX_SELFIE_FRAMES)) {
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

  async function upload(input: SelfieUpload): Promise<void> {
    showScreen(t('selfie.sending.title'), [
      h('div', { class: 'spinner', 'aria-hidden': 'true' }),
      h('p', { class: 'hint' }, t('selfie.sending.hint')),
    ]);
    announce(t('selfie.sending.announce'));
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
