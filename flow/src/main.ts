/**
 * Hosted capture flow: welcome and consent → (on a desktop, continue on the phone) → choice of
 * document (among those the merchant accepts) → its front (a passport's photo page) → its back (not
 * for a passport) → selfie → submit → done. Embedded (modal or inline through the SDK) it talks to the
 * parent by postMessage; standalone it runs from the fragment alone; in redirect mode it returns to
 * `redirect_url` with the outcome. A second device opened from a handoff link claims its own client
 * token first and continues at the verification's current step.
 */
import './styles.css';
import {
  claimHandoff,
  createSessionApi,
  type Decision,
  type DocumentType,
  type SessionApi,
  type SessionState,
} from './api.js';
import { createBridge, type InitPayload } from './bridge.js';
import type { FlowContext, StepName } from './context.js';
import { classify, flowError, type FlowError } from './errors.js';
import { handoffScreen, looksLikeDesktop } from './handoff.js';
import { resolveLocale, setLocale, t } from './i18n/index.js';
import { readLaunch, rememberHandoffClaim } from './launch.js';
import { collectDeviceSignals } from './signals.js';
import { documentStep } from './steps/document.js';
import { documentChoiceStep, documentNames } from './steps/document-choice.js';
import { selfieStep } from './steps/selfie.js';
import { outcomeChooser, sampleStep, showTestBanner } from './steps/test-mode.js';
import { applyTheme } from './theme.js';
import { applyBranding, consentBranding } from './branding.js';
import { announce, button, h, setProgress, setProgressDocument, showScreen } from './ui.js';

const SDK_STATUS: Record<Decision, 'approved' | 'in_review' | 'declined'> = {
  approve: 'approved',
  review: 'in_review',
  decline: 'declined',
};
const STEP_NUMBER: Record<StepName, number | null> = {
  welcome: 1,
  handoff: 2,
  document_choice: 2,
  document_front: 2,
  document_back: 3,
  selfie: 4,
  submitting: null,
  done: null,
};
// The SDK answers `ready` within one message round trip; 10 s only trips when no SDK is listening.
const INIT_TIMEOUT_MS = 10_000;
// What the welcome screen promises; a capture with live barcode reading took 1 to 2 minutes in testing.
const EXPECTED_MINUTES = 2;

function apiBase(): string {
  const configured = document.querySelector<HTMLMetaElement>('meta[name="idv-api-base"]')?.content.trim();
  return configured || location.origin;
}

function whenIdle(fn: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}

/** The static page's English text (shown before the script runs) in the chosen language. */
function localiseShell(): void {
  const brand = document.querySelector('.brand');
  if (brand) brand.textContent = t('app.brand');
  document.getElementById('progress')?.setAttribute('aria-label', t('progress.label'));
  const loading = document.querySelector('#main .hint');
  if (loading) loading.textContent = t('app.loading');
  document.title = t('app.brand');
}

function start(): void {
  const launch = readLaunch();
  setLocale(resolveLocale([launch.locale, ...(navigator.languages ?? []), navigator.language]));
  localiseShell();
  const bridge = createBridge(launch.embedded ? launch.parentOrigin : null);
  let desktop = false;
  let stayOnThisDevice = false;
  /** The deployment's retention periods, from the session state, for the consent text. */
  let lastRetention: SessionState['retention'];
  /** The merchant's branding, from the first session state that carried it. */
  let branding: SessionState['branding'] = null;
  /** The embedding page chose the button colour itself; the account's colour then stays unused. */
  let hostGaveColour = false;
  let inModal = false;
  let currentStep: StepName | null = null;
  /** Test mode: the user chose the real camera over the sample images. */
  let usingCamera = false;
  /** The document chosen on this page, before its first upload records it (or to change it). */
  let pickedType: DocumentType | null = null;
  /** The documents the merchant accepts, for the welcome screen. */
  let acceptedTypes: readonly DocumentType[] = ['drivers_license'];

  bridge.onInit((init) => {
    applyTheme(init.theme);
    hostGaveColour ||= Boolean(init.theme.primaryColor);
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
  /** The return address, once the service confirmed it is on an origin the merchant allowed. */
  let confirmedReturn: string | null = null;

  function fatal(error: FlowError): void {
    bridge.post('error', error);
    setProgress(null);
    currentStep = null;
    const actions: Node[] = [];
    if (launch.embedded) {
      actions.push(button(t('action.close'), () => bridge.post('exit', error.code), 'secondary'));
    }
    if (confirmedReturn) {
      actions.push(h('a', { class: 'btn secondary', href: confirmedReturn }, t('action.back')));
    }
    showScreen(t('fatal.title'), [
      h('p', { class: 'notice error' }, error.message),
      actions.length ? h('div', { class: 'actions' }, ...actions) : null,
    ]);
    announce(error.message, true);
  }

  if (launch.framedWithoutLaunch) {
    fatal(flowError('origin_not_allowed', { detail: 'the flow is framed without its launch parameters' }));
    return;
  }
  if (launch.handoffToken) {
    void claimThenStart(launch.handoffToken);
    return;
  }
  if (!launch.token) {
    fatal(flowError('token_missing'));
    return;
  }
  run(launch.token);

  /** The second device: exchanges the link's single-use token for its own client token. */
  async function claimThenStart(handoffToken: string): Promise<void> {
    showScreen(t('handoff.claiming'), [h('div', { class: 'spinner', 'aria-hidden': 'true' })]);
    try {
      const claim = await claimHandoff(apiBase(), handoffToken);
      rememberHandoffClaim(claim.client_token, launch.locale);
      run(claim.client_token);
    } catch (error) {
      fatal(classify(error));
    }
  }

  function run(token: string): void {
    const api: SessionApi = createSessionApi(apiBase(), token);

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
          case 'origin_not_allowed':
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
            showScreen(t('failure.title'), [
              h('p', { class: 'notice error' }, fe.message),
              h('div', { class: 'actions' }, button(t('action.retry'), retry)),
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

    function continueOnPhone(): void {
      stayOnThisDevice = false;
      handoffScreen({
        api,
        locale: launch.locale,
        enterStep: (step) => ctx.enterStep(step),
        onDecided: done,
        onStay() {
          stayOnThisDevice = true;
          void refresh();
        },
        onError: (error, retry) => ctx.handleError(error, retry),
      });
    }

    /**
     * The document to capture: the one picked on this page, else the one the service recorded, else the
     * only one accepted; null while the person has still to choose.
     */
    function documentTypeOf(state: SessionState): DocumentType | null {
      const accepted = state.document_types ?? ['drivers_license'];
      return pickedType ?? state.document_type ?? (accepted.length === 1 ? accepted[0]! : null);
    }

    function route(state: SessionState): void {
      const testMode = state.mode === 'test';
      if (state.branding && !branding) {
        branding = state.branding;
        applyBranding(branding, api, hostGaveColour);
      }
      acceptedTypes = state.document_types ?? ['drivers_license'];
      ctx.chooseDocument =
        acceptedTypes.length > 1
          ? () => {
              pickedType = null;
              chooseDocument(state);
            }
          : undefined;
      const type = documentTypeOf(state);
      setProgressDocument(type);
      // A document picked here but not yet uploaded starts at its front, whatever the status says.
      const restarting = pickedType !== null && pickedType !== state.document_type;
      if (testMode) showTestBanner();
      // Test mode needs no camera, so a desktop stays on this device.
      ctx.continueOnPhone = desktop && !testMode ? continueOnPhone : undefined;
      const capturing =
        state.status === 'doc_front' || state.status === 'doc_back' || state.status === 'selfie';
      if (state.status === 'expired') {
        fatal(flowError('expired'));
      } else if (state.status === 'decided') {
        done(state);
      } else if (!state.consent_given) {
        welcome(undefined, state.retention);
      } else if (desktop && !testMode && !stayOnThisDevice && capturing && state.steps.selfie !== 'done') {
        continueOnPhone();
      } else if (capturing && type === null) {
        chooseDocument(state);
      } else if (testMode && capturing && (!usingCamera || state.steps.selfie === 'done')) {
        testModeStep(state, type ?? 'drivers_license', restarting);
      } else if (state.status === 'doc_front' || restarting) {
        documentStep(ctx, 'front', type ?? 'drivers_license');
      } else if (state.status === 'doc_back') {
        documentStep(ctx, 'back', type ?? 'drivers_license');
      } else if (state.status === 'selfie') {
        if (state.steps.selfie === 'done') void submit();
        else selfieStep(ctx);
      } else {
        fatal(flowError('server', { message: t('error.unknown_state'), detail: state.status }));
      }
    }

    /** The choice of document; with one accepted, a screen naming it. */
    function chooseDocument(state: SessionState): void {
      documentChoiceStep(ctx, state.document_types ?? ['drivers_license'], (type) => {
        pickedType = type;
        route(state);
      });
    }

    /** Test mode: sample images for each capture, then the outcome chooser unless one was fixed. */
    function testModeStep(state: SessionState, type: DocumentType, restarting: boolean): void {
      const camera = () => {
        usingCamera = true;
        route(state);
      };
      const front = {
        drivers_license: 'document_front',
        id_card: 'id_card_front',
        passport: 'passport_data_page',
      } as const;
      const back = type === 'id_card' ? 'id_card_back' : 'document_back';
      if (state.status === 'doc_front' || restarting) sampleStep(ctx, front[type], camera, type);
      else if (state.status === 'doc_back') sampleStep(ctx, back, camera, type);
      else if (state.steps.selfie !== 'done') sampleStep(ctx, 'selfie', camera);
      else if (state.test_outcome) void submit();
      else outcomeChooser((reasons) => void submit(reasons));
    }

    function welcome(notice?: string, retention = lastRetention): void {
      lastRetention = retention;
      ctx.enterStep('welcome');
      const errorId = 'consent-error';
      const checkbox = h('input', { type: 'checkbox', id: 'consent', 'aria-describedby': 'consent-detail' });
      const error = h('p', { class: 'field-error', id: errorId, hidden: !notice }, notice ?? '');
      const proceed = button(t('welcome.continue'), () => void giveConsent());
      const merchant = consentBranding(branding);
      showScreen(t('welcome.title'), [
        h('p', { class: 'lead' }, t('welcome.lead', { minutes: EXPECTED_MINUTES })),
        h(
          'ul',
          { class: 'checklist', 'aria-label': t('welcome.needs') },
          h(
            'li',
            {},
            acceptedTypes.length === 1 && acceptedTypes[0] === 'drivers_license'
              ? t('welcome.need.licence')
              : t('welcome.need.document', { documents: documentNames(acceptedTypes) }),
          ),
          h('li', {}, t('welcome.need.camera')),
          h('li', {}, t('welcome.need.time', { minutes: EXPECTED_MINUTES })),
        ),
        h('div', { class: 'consent' }, checkbox, h('label', { for: 'consent' }, t('welcome.consent'))),
        h(
          'p',
          { class: 'fine-print', id: 'consent-detail' },
          ...merchant.lead,
          t('welcome.consent.detail'),
          ...(retention
            ? [
                ' ',
                t('welcome.consent.retention', {
                  media_days: retention.media_days,
                  data_days: retention.personal_data_days,
                  template_days: retention.face_template_days,
                }),
              ]
            : []),
          ...merchant.privacy,
        ),
        error,
        h('div', { class: 'actions' }, proceed),
      ]);

      async function giveConsent(): Promise<void> {
        if (!checkbox.checked) {
          error.textContent = t('welcome.consent.missing');
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

    async function submit(testOutcome?: string[]): Promise<void> {
      ctx.enterStep('submitting');
      showScreen(t('submit.title'), [
        h('div', { class: 'spinner', 'aria-hidden': 'true' }),
        h('p', { class: 'hint' }, t('submit.hint')),
      ]);
      announce(t('submit.announce'));
      let state: SessionState;
      try {
        state = await api.submit(testOutcome);
      } catch (error) {
        ctx.handleError(error, () => void (testOutcome ? refresh() : submit()));
        return;
      }
      done(state);
    }

    function done(state: SessionState): void {
      ctx.enterStep('done');
      const status = state.decision ? SDK_STATUS[state.decision] : 'in_review';
      bridge.post('complete', { verificationId: state.verification_id, status });
      if (confirmedReturn) {
        const target = new URL(confirmedReturn);
        target.searchParams.set('verification_id', state.verification_id);
        target.searchParams.set('status', status);
        location.assign(target.href);
      }
      // The same neutral words for every outcome: telling a fraudster which attempt passed helps them iterate.
      showScreen(t('done.title'), [
        h('div', { class: 'done-mark', 'aria-hidden': 'true' }),
        h('p', { class: 'lead' }, t('done.lead')),
        launch.embedded
          ? h(
              'div',
              { class: 'actions' },
              button(t('done.close'), () => bridge.post('exit', 'completed')),
            )
          : confirmedReturn
            ? null
            : h('p', { class: 'hint' }, t(launch.viaHandoff ? 'handoff.phone.done' : 'done.closable')),
      ]);
      announce(t('done.announce'));
    }

    whenIdle(() => api.collectSignals(collectDeviceSignals({ embedded: String(launch.embedded) })));

    /**
     * Loads the state and, before any step shows, has the service confirm the launch: when embedded, the
     * publishable key of the page address (which the SDK's `init` must name too) and the parent's origin;
     * in redirect mode, the return address.
     */
    async function boot(): Promise<void> {
      const [init, state] = await Promise.all([
        initReceived,
        api.state().catch((error: unknown) => {
          ctx.handleError(error, () => void boot());
          return null;
        }),
      ]);
      if (!state) return;
      if (launch.embedded && !init) {
        fatal(flowError('init_timeout'));
        return;
      }
      // The key checked is the one in the page address, whose origins the browser enforced on the frame.
      if (launch.embedded && init?.publicKey !== launch.publishableKey) {
        fatal(
          flowError('publishable_key_mismatch', { detail: 'the SDK and the page address name other keys' }),
        );
        return;
      }
      if (launch.embedded || launch.redirectUrl) {
        try {
          await api.init({
            ...(launch.embedded && launch.publishableKey && launch.parentOrigin
              ? { publishable_key: launch.publishableKey, origin: launch.parentOrigin }
              : {}),
            ...(launch.redirectUrl ? { redirect_url: launch.redirectUrl } : {}),
          });
          confirmedReturn = launch.redirectUrl;
        } catch (error) {
          ctx.handleError(error, () => void boot());
          return;
        }
      }
      desktop = !launch.viaHandoff && (await looksLikeDesktop());
      route(state);
    }

    void boot();
  }
}

start();
