/**
 * "Continue on your phone": on a desktop the flow shows a QR code and a copyable link carrying a
 * single-use handoff token (never the client token), then follows the phone's progress by polling
 * and finishes here, so the SDK's callbacks fire on the page that opened the flow.
 */
import type { HandoffLink, HandoffStatus, SessionApi, SessionState } from './api.js';
import type { StepName } from './context.js';
import { classify } from './errors.js';
import { formatTime, t } from './i18n/index.js';
import { announce, button, h, showScreen } from './ui.js';

// A phone's step change shows here within 2 s; two small GETs per 2 s per waiting desktop is cheap
// next to one upload, and needs no long-lived connection through proxies.
const POLL_INTERVAL_MS = 2000;
// A mouse or trackpad with hover on a screen at least tablet-wide is a desktop or laptop; phones and
// tablets (which have rear cameras) report a coarse pointer.
const DESKTOP_MIN_SCREEN_PX = 768;
// 8 px modules at version 5 (37 modules + 2 × 2 quiet zone): big enough to scan from across a desk.
const QR_SIZE_PX = 264;

/** A device to hand off from: a wide screen with a mouse, or no camera at all. */
export async function looksLikeDesktop(): Promise<boolean> {
  const finePointer = window.matchMedia('(pointer: fine) and (hover: hover)').matches;
  if (finePointer && window.screen.width >= DESKTOP_MIN_SCREEN_PX) return true;
  try {
    const devices = (await navigator.mediaDevices?.enumerateDevices?.()) ?? [];
    return !devices.some((device) => device.kind === 'videoinput');
  } catch {
    return false;
  }
}

export interface HandoffHost {
  api: SessionApi;
  /** The SDK's explicit locale, passed on to the phone; null lets the phone's browser decide. */
  locale: string | null;
  enterStep(step: StepName): void;
  /** The phone finished: show the outcome here and tell the SDK. */
  onDecided(state: SessionState): void;
  /** The user chose to carry on with this device. */
  onStay(): void;
  onError(error: unknown, retry: () => void): void;
}

function phoneStep(state: SessionState): StepName {
  if (state.status === 'doc_front') return 'document_front';
  if (state.status === 'doc_back') return 'document_back';
  return state.steps.selfie === 'done' ? 'submitting' : 'selfie';
}

async function copyText(text: string, field: HTMLInputElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (no permission in a frame, insecure origin): copy the selected field instead.
    field.select();
    return document.execCommand('copy');
  }
}

export function handoffScreen(host: HandoffHost): void {
  host.enterStep('handoff');
  let active = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastStatus = '';

  const qr = h('img', { class: 'qr', alt: t('handoff.qr.alt'), width: QR_SIZE_PX, height: QR_SIZE_PX });
  const linkField = h('input', {
    id: 'handoff-link',
    class: 'link-field',
    type: 'text',
    readonly: true,
    spellcheck: 'false',
  });
  const expiry = h('p', { class: 'hint', id: 'handoff-expiry' });
  const copy = button(t('handoff.copy'), () => void copyLink(), 'secondary');
  const code = h(
    'div',
    { class: 'handoff-code', hidden: true },
    qr,
    h('label', { for: 'handoff-link', class: 'link-label' }, t('handoff.link.label')),
    h('div', { class: 'link-row' }, linkField, copy),
    expiry,
  );
  const status = h('p', { class: 'handoff-status', role: 'status' }, t('handoff.creating'));
  const renew = button(t('handoff.renew'), () => void createLink());
  renew.hidden = true;
  const stay = button(
    t('handoff.stay'),
    () => {
      stop();
      host.onStay();
    },
    'secondary',
  );
  showScreen(
    t('handoff.title'),
    [h('p', { class: 'lead' }, t('handoff.lead')), code, status, h('div', { class: 'actions' }, renew, stay)],
    stop,
  );
  void createLink();

  function stop(): void {
    active = false;
    clearTimeout(timer);
  }

  function setStatus(text: string): void {
    if (text === lastStatus) return;
    lastStatus = text;
    status.textContent = text;
  }

  async function copyLink(): Promise<void> {
    if (await copyText(linkField.value, linkField)) announce(t('handoff.copied'));
  }

  async function createLink(): Promise<void> {
    renew.hidden = true;
    setStatus(t('handoff.creating'));
    let link: HandoffLink;
    let image: string;
    try {
      link = await host.api.createHandoff();
      const url = host.locale ? `${link.url}&locale=${encodeURIComponent(host.locale)}` : link.url;
      // qrcode is CommonJS: its functions arrive as the default export of the lazily loaded chunk.
      const { default: qrcode } = await import('qrcode');
      image = await qrcode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: QR_SIZE_PX });
      linkField.value = url;
    } catch (error) {
      if (!active) return;
      stop();
      host.onError(error, () => handoffScreen(host));
      return;
    }
    if (!active) return;
    qr.src = image;
    expiry.textContent = t('handoff.expires', { time: formatTime(new Date(`${link.expires_at}Z`)) });
    code.hidden = false;
    setStatus(t('handoff.waiting'));
    clearTimeout(timer);
    timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
  }

  function show(link: HandoffStatus, state: SessionState): void {
    if (link.status === 'claimed') {
      code.hidden = true;
      const step = phoneStep(state);
      host.enterStep(step);
      setStatus(
        step === 'submitting'
          ? t('handoff.phone.submitting')
          : `${t('handoff.claimed')} ${t('handoff.phone.step', {
              step: t(
                step === 'document_front'
                  ? 'step.front'
                  : step === 'document_back'
                    ? 'step.back'
                    : 'step.selfie',
              ),
            })}`,
      );
    } else if (link.status === 'expired' || link.status === 'none') {
      code.hidden = true;
      renew.hidden = false;
      setStatus(t('handoff.expired'));
    }
  }

  async function poll(): Promise<void> {
    if (!active) return;
    try {
      const [link, state] = await Promise.all([host.api.handoffStatus(), host.api.state()]);
      if (!active) return;
      if (state.status === 'decided') {
        stop();
        host.onDecided(state);
        return;
      }
      show(link, state);
      // An expired code waits for the user to ask for a new one; nothing changes until then.
      if (link.status === 'expired' || link.status === 'none') return;
    } catch (error) {
      if (!active) return;
      const code = classify(error).code;
      // A dropped connection or a busy server is worth waiting out; anything else ends the wait.
      if (code !== 'network' && code !== 'server' && code !== 'rate_limited') {
        stop();
        host.onError(error, () => handoffScreen(host));
        return;
      }
    }
    timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
  }
}
