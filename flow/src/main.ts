/**
 * Hosted capture flow: welcome and consent → licence front → licence back → selfie → submit → done.
 * Embedded (modal or inline through the SDK) it talks to the parent by postMessage; standalone it runs
 * from the fragment alone; in redirect mode it returns to `redirect_url` with the outcome.
 */
import './styles.css';
import { createSessionApi, type Decision, type SessionApi, type SessionState } from './api.js';
import { createBridge, type InitPayload } from './bridge.js';
import type { FlowContext, StepName } from './context.js';
import { classify, flowError, type FlowError } from './errors.js';
import { readLaunch } from './launch.js';
import { collectDeviceSignals } from './signals.js';
import { documentStep } from './steps/document.js';
import { selfieStep } from './steps/selfie.js';
import { applyTheme } from './theme.js';
import { announce, button, h, setProgress, showScreen } from './ui.js';

const SDK_STATUS: Record<Decision, 'approved' | 'in_review' | 'declined'> = {
  approve: 'approved',
  review: 'in_review',
  decline: 'declined',
};
const STEP_NUMBER: Record<StepName, number | null> = {
  welcome: 1,
  document_front: 2,
  document_back: 3,
  selfie: 4,
  submitting: null,
  done: null,
};
// The SDK answers `ready` within one message round trip; 10 s only trips when no SDK is listening.
const INIT_TIMEOUT_MS = 10_000;

function apiBase(): string {
  const configured = document.querySelector<HTMLMetaElement>('meta[name="idv-api-base"]')?.content.trim();
  return configured || location.origin;
}

function whenIdle(fn: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}

function start(): void {
  const launch = readLaunch();
  const bridge = createBridge(launch.embedded ? launch.parentOrigin : null);
  let inModal = false;
  let currentStep: StepName | null = null;

  bridge.onInit((init) => {
    applyTheme(init.theme);
    inModal = init.mode === 'modal';
    document.documentElement.classList.toggle('in-modal', inModal);
  });
  // Focus inside the iframe keeps key presses from the host page, so the flow forwards Escape itself.
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && inModal) bridge.post('exit', 'escape');
  });
  const initReceived = launch.embedded
    ? new Promise<InitPayload | null>((resolve) => {
        bridge.onInit(resolve);
        setTimeout(() => resolve(null), INIT_TIMEOUT_MS);
      })
    : Promise.resolve(null);
  bridge.post('ready');

  function fatal(error: FlowError): void {
    bridge.post('error', error);
    setProgress(null);
    currentStep = null;
    const actions: Node[] = [];
    if (launch.embedded) actions.push(button('Close', () => bridge.post('exit', error.code), 'secondary'));
    if (launch.redirectUrl) {
      actions.push(h('a', { class: 'btn secondary', href: launch.redirectUrl }, 'Go back'));
    }
    showScreen("We can't continue", [
      h('p', { class: 'notice error' }, error.message),
      actions.length ? h('div', { class: 'actions' }, ...actions) : null,
    ]);
    announce(error.message, true);
  }

  if (!launch.token) {
    fatal(
      flowError(
        'token_missing',
        'This page needs a verification link. Go back to the page that sent you here and start again.',
      ),
    );
    return;
  }
  const api: SessionApi = createSessionApi(apiBase(), launch.token);

  const ctx: FlowContext = {
    api,
    bridge,
    enterStep(step) {
      setProgress(STEP_NUMBER[step]);
      if (step === currentStep) return;
      currentStep = step;
      const number = STEP_NUMBER[step];
      bridge.post('step', { step, ...(number ? { index: number, total: 4 } : {}) });
    },
    refresh,
    reportError(error) {
      bridge.post('error', error);
    },
    handleError(error, retry) {
      const fe = classify(error);
      switch (fe.code) {
        case 'token_invalid':
        case 'publishable_key_mismatch':
        case 'forbidden':
        case 'expired':
          fatal(fe);
          return;
        case 'conflict':
        case 'missing_input':
          bridge.post('error', fe);
          void refresh();
          return;
        case 'consent_required':
          bridge.post('error', fe);
          welcome(fe.message);
          return;
        default:
          bridge.post('error', fe);
          setProgress(null);
          showScreen('Something went wrong', [
            h('p', { class: 'notice error' }, fe.message),
            h('div', { class: 'actions' }, button('Try again', retry)),
          ]);
          announce(fe.message, true);
      }
    },
  };

  async function refresh(): Promise<void> {
    let state: SessionState;
    try {
      state = await api.state();
    } catch (error) {
      ctx.handleError(error, () => void refresh());
      return;
    }
    route(state);
  }

  function route(state: SessionState): void {
    if (state.status === 'expired') {
      fatal(flowError('expired', 'This verification has expired. Go back and start a new one.'));
    } else if (state.status === 'decided') {
      done(state);
    } else if (!state.consent_given) {
      welcome();
    } else if (state.status === 'doc_front') {
      documentStep(ctx, 'front');
    } else if (state.status === 'doc_back') {
      documentStep(ctx, 'back');
    } else if (state.status === 'selfie') {
      if (state.steps.selfie === 'done') void submit();
      else selfieStep(ctx);
    } else {
      fatal(
        flowError('server', 'This verification is in a state this page does not know.', {
          detail: state.status,
        }),
      );
    }
  }

  function welcome(notice?: string): void {
    ctx.enterStep('welcome');
    const errorId = 'consent-error';
    const checkbox = h('input', { type: 'checkbox', id: 'consent', 'aria-describedby': 'consent-detail' });
    const error = h('p', { class: 'field-error', id: errorId, hidden: !notice }, notice ?? '');
    const proceed = button('Agree and continue', () => void giveConsent());
    showScreen('Verify your identity', [
      h(
        'p',
        { class: 'lead' },
        'You will take photos of the front and back of your US driver’s licence or state ID, then a short selfie. It takes about 2 minutes.',
      ),
      h(
        'ul',
        { class: 'checklist', 'aria-label': 'You will need' },
        h('li', {}, 'Your driver’s licence or state ID'),
        h('li', {}, 'A camera, in good light. Your browser will ask to use it.'),
        h('li', {}, 'About 2 minutes'),
      ),
      h(
        'div',
        { class: 'consent' },
        checkbox,
        h(
          'label',
          { for: 'consent' },
          'I agree that photos of my licence and my selfie, including biometric data from my face, are processed to verify my identity.',
        ),
      ),
      h(
        'p',
        { class: 'fine-print', id: 'consent-detail' },
        'The photos are used only for this verification and for fraud prevention, and are sent to the company that asked you to verify.',
      ),
      error,
      h('div', { class: 'actions' }, proceed),
    ]);

    async function giveConsent(): Promise<void> {
      if (!checkbox.checked) {
        error.textContent = 'Tick the box to agree before you continue.';
        error.hidden = false;
        checkbox.setAttribute('aria-invalid', 'true');
        checkbox.setAttribute('aria-describedby', `${errorId} consent-detail`);
        checkbox.focus();
        return;
      }
      proceed.disabled = true;
      proceed.setAttribute('aria-busy', 'true');
      try {
        await api.consent();
      } catch (err) {
        ctx.handleError(err, () => welcome());
        return;
      }
      await refresh();
    }
  }

  async function submit(): Promise<void> {
    ctx.enterStep('submitting');
    showScreen('Checking your details', [
      h('div', { class: 'spinner', 'aria-hidden': 'true' }),
      h('p', { class: 'hint' }, 'This usually takes a few seconds. Please keep this page open.'),
    ]);
    announce('Checking your details…');
    let state: SessionState;
    try {
      state = await api.submit();
    } catch (error) {
      ctx.handleError(error, () => void submit());
      return;
    }
    done(state);
  }

  function done(state: SessionState): void {
    ctx.enterStep('done');
    const status = state.decision ? SDK_STATUS[state.decision] : 'in_review';
    bridge.post('complete', { verificationId: state.verification_id, status });
    if (launch.redirectUrl) {
      const target = new URL(launch.redirectUrl);
      target.searchParams.set('verification_id', state.verification_id);
      target.searchParams.set('status', status);
      location.assign(target.href);
    }
    // The same neutral words for every outcome: telling a fraudster which attempt passed helps them iterate.
    showScreen('Thank you', [
      h('div', { class: 'done-mark', 'aria-hidden': 'true' }),
      h(
        'p',
        { class: 'lead' },
        'Your verification is complete. The company that asked you to verify will let you know the next steps.',
      ),
      launch.embedded
        ? h(
            'div',
            { class: 'actions' },
            button('Done', () => bridge.post('exit', 'completed')),
          )
        : launch.redirectUrl
          ? null
          : h('p', { class: 'hint' }, 'You can close this page now.'),
    ]);
    announce('Your verification is complete.');
  }

  whenIdle(() => api.collectSignals(collectDeviceSignals({ embedded: String(launch.embedded) })));

  /** Loads the state and, when embedded, checks the publishable key from `init` before any step shows. */
  async function boot(): Promise<void> {
    const [init, state] = await Promise.all([
      initReceived,
      api.state().catch((error: unknown) => {
        ctx.handleError(error, () => void boot());
        return null;
      }),
    ]);
    if (!state) return;
    if (launch.embedded) {
      if (!init) {
        fatal(
          flowError('init_timeout', 'This page could not connect to the site that opened it. Please reload.'),
        );
        return;
      }
      try {
        await api.init(init.publicKey);
      } catch (error) {
        ctx.handleError(error, () => void boot());
        return;
      }
    }
    route(state);
  }

  void boot();
}

start();
