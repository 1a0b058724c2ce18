/**
 * Browser SDK that embeds the hosted capture flow. No runtime dependencies: it only builds
 * an iframe (modal or inline) or navigates the page (redirect), and relays the flow's postMessage events.
 */

export type Mode = 'modal' | 'inline' | 'redirect';

export interface Theme {
  primaryColor?: string;
  colorScheme?: 'light' | 'dark';
}

export type FlowEventType = 'ready' | 'step' | 'complete' | 'error' | 'exit';

export interface FlowEvent {
  type: FlowEventType;
  payload?: unknown;
}

export type VerificationStatus = 'approved' | 'in_review' | 'declined';

export interface CompleteResult {
  verificationId: string;
  status: VerificationStatus;
}

export interface ClientConfig {
  /** Publishable key (`pk_…`). Never put a secret API key in browser code. */
  publicKey: string;
  /** Client token of one verification; give this or `createSessionToken`. */
  sessionToken?: string;
  /** Called on every `open()` to get a fresh client token from your backend. */
  createSessionToken?: () => Promise<string>;
  /** Hosted flow URL; defaults to the flow served next to this SDK file (`../flow` from its URL). */
  baseUrl?: string;
  mode?: Mode;
  /** Host element for inline mode. */
  container?: HTMLElement;
  /** Return address in redirect mode; defaults to the current page. */
  redirectUrl?: string;
  theme?: Theme;
  /**
   * Language of the flow: a BCP 47 tag such as `en`, `es`, `fr` or `fr-CA` (every French tag gets
   * Canadian French). Unset, the flow follows the browser's preferred languages; others fall back to English.
   */
  locale?: string;
  onEvent?: (event: FlowEvent) => void;
  onComplete?: (result: CompleteResult) => void;
  onExit?: (reason: string) => void;
}

export interface IdvClient {
  open(): Promise<void>;
  close(reason?: string): void;
  destroy(): void;
  readonly isOpen: boolean;
}

const FLOW_SOURCE = 'idv-flow';
const SDK_SOURCE = 'idv-sdk';
const STATUSES: readonly string[] = ['approved', 'in_review', 'declined'];
const EVENT_TYPES: readonly string[] = ['ready', 'step', 'complete', 'error', 'exit'];
// Above these sizes the 420×680 dialog plus margins no longer fits, so the flow takes the whole viewport.
const SMALL_SCREEN_QUERY = '(max-width: 480px), (max-height: 720px)';
const Z_INDEX = '2147483000';
const CLOSE_LABELS: Record<string, string> = {
  en: 'Close identity verification',
  es: 'Cerrar la verificación de identidad',
  fr: 'Fermer la vérification d’identité',
};

// A classic <script> knows its own URL only while it runs for the first time; a module knows it always.
const sdkScriptUrl: string | undefined =
  (typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : undefined) || import.meta.url;

function defaultBaseUrl(): string {
  if (!sdkScriptUrl) throw new Error('IdvSdk: baseUrl is required when the SDK is bundled');
  return new URL('../flow', sdkScriptUrl).href;
}

function setStyles(el: HTMLElement, styles: Partial<Record<keyof CSSStyleDeclaration, string>>): void {
  // Style properties, not a <style> element or style attribute, so a strict host CSP without
  // 'unsafe-inline' still lets the SDK lay out its overlay.
  Object.assign(el.style, styles);
}

function call<T>(fn: ((arg: T) => void) | undefined, arg: T): void {
  if (!fn) return;
  try {
    fn(arg);
  } catch (error) {
    // A throwing host callback must not break the flow's message handling.
    setTimeout(() => {
      throw error;
    });
  }
}

export function createClient(config: ClientConfig): IdvClient {
  if (!config || typeof config.publicKey !== 'string' || !config.publicKey.startsWith('pk_')) {
    throw new TypeError(
      'IdvSdk: publicKey must be a publishable key (pk_…); never put a secret API key in a page',
    );
  }
  const mode: Mode = config.mode ?? 'modal';
  if (mode !== 'modal' && mode !== 'inline' && mode !== 'redirect') {
    throw new TypeError(`IdvSdk: unknown mode ${String(mode)}`);
  }
  if (mode === 'inline' && !config.container) throw new TypeError('IdvSdk: inline mode needs a container');
  const flowUrl = new URL(config.baseUrl ?? defaultBaseUrl(), location.href);
  flowUrl.hash = '';
  const flowOrigin = flowUrl.origin;

  let open = false;
  let destroyed = false;
  let exited = false;
  let opening = false;
  let iframe: HTMLIFrameElement | undefined;
  let root: HTMLElement | undefined;
  let closeButton: HTMLButtonElement | undefined;
  let returnFocusTo: Element | null = null;
  let savedOverflow = '';
  let smallScreen: MediaQueryList | undefined;
  const cleanups: Array<() => void> = [];

  function listen(target: EventTarget, type: string, handler: (event: never) => void, capture = false): void {
    const h = handler as EventListener;
    target.addEventListener(type, h, capture);
    cleanups.push(() => target.removeEventListener(type, h, capture));
  }

  async function resolveToken(): Promise<string> {
    const token = config.createSessionToken ? await config.createSessionToken() : config.sessionToken;
    if (typeof token !== 'string' || !token) throw new Error('IdvSdk: no session token');
    return token;
  }

  function flowHref(params: Record<string, string>): string {
    const url = new URL(flowUrl.href);
    // The service frames this load by this key's origins only (the token stays in the fragment).
    url.searchParams.set('pk', config.publicKey);
    url.hash = new URLSearchParams(config.locale ? { ...params, locale: config.locale } : params).toString();
    return url.href;
  }

  /**
   * Asks the service whether this page may frame the flow for this publishable key; false only on a
   * clear no. A failed check (the page's CSP has no connect-src for the service, an older service)
   * mounts the frame as before: the browser still enforces the flow's frame-ancestors.
   */
  async function pageMayEmbed(): Promise<boolean> {
    const url = new URL(`${flowUrl.pathname.replace(/\/+$/, '')}/embed-check`, flowUrl.origin);
    url.searchParams.set('pk', config.publicKey);
    try {
      const answer = await fetch(url.href, { credentials: 'omit', cache: 'no-store' });
      if (!answer.ok) return true;
      return ((await answer.json()) as { allowed?: unknown }).allowed !== false;
    } catch {
      return true;
    }
  }

  function postToFlow(type: string, payload: unknown): void {
    iframe?.contentWindow?.postMessage({ source: SDK_SOURCE, type, payload }, flowOrigin);
  }

  function onMessage(event: MessageEvent): void {
    if (event.origin !== flowOrigin || !iframe || event.source !== iframe.contentWindow) return;
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null) return;
    const { source, type, payload } = data as { source?: unknown; type?: unknown; payload?: unknown };
    if (source !== FLOW_SOURCE || typeof type !== 'string' || !EVENT_TYPES.includes(type)) return;
    call(config.onEvent, { type: type as FlowEventType, payload });
    if (type === 'ready') {
      postToFlow('init', { publicKey: config.publicKey, theme: config.theme ?? {}, mode });
    } else if (type === 'complete') {
      const result = payload as Partial<CompleteResult> | undefined;
      if (exited || typeof result?.verificationId !== 'string' || !STATUSES.includes(String(result.status))) {
        return;
      }
      exited = true;
      call(config.onComplete, {
        verificationId: result.verificationId,
        status: result.status as VerificationStatus,
      });
    } else if (type === 'exit') {
      close(typeof payload === 'string' ? payload : 'flow_exit');
    }
  }

  function buildIframe(src: string): HTMLIFrameElement {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.title = 'Identity verification';
    // clipboard-write: the flow's "Copy link" for continuing on a phone.
    frame.allow = 'camera; clipboard-write';
    setStyles(frame, { border: '0', width: '100%', height: '100%', display: 'block', colorScheme: 'normal' });
    return frame;
  }

  function applyDialogSize(dialog: HTMLElement): void {
    const full = smallScreen?.matches ?? false;
    setStyles(dialog, {
      width: full ? '100%' : '420px',
      height: full ? '100%' : '680px',
      borderRadius: full ? '0' : '12px',
    });
  }

  function mountModal(src: string): void {
    const overlay = document.createElement('div');
    setStyles(overlay, {
      position: 'fixed',
      inset: '0',
      zIndex: Z_INDEX,
      background: 'rgba(0, 0, 0, 0.6)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
    });
    overlay.setAttribute('data-idv-overlay', '');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', 'Identity verification');
    setStyles(dialog, {
      position: 'relative',
      overflow: 'hidden',
      background: config.theme?.colorScheme === 'dark' ? '#111' : '#fff',
      boxShadow: '0 12px 48px rgba(0, 0, 0, 0.35)',
    });
    smallScreen = window.matchMedia(SMALL_SCREEN_QUERY);
    applyDialogSize(dialog);
    listen(smallScreen, 'change', () => applyDialogSize(dialog));

    const frame = buildIframe(src);
    const button = document.createElement('button');
    button.type = 'button';
    const language = (config.locale ?? navigator.language ?? 'en').slice(0, 2).toLowerCase();
    button.setAttribute('aria-label', CLOSE_LABELS[language] ?? CLOSE_LABELS.en!);
    button.textContent = '×';
    setStyles(button, {
      position: 'absolute',
      top: '8px',
      right: '8px',
      width: '40px',
      height: '40px',
      border: '0',
      borderRadius: '20px',
      background: 'rgba(0, 0, 0, 0.55)',
      color: '#fff',
      font: '28px/40px system-ui, sans-serif',
      cursor: 'pointer',
      padding: '0',
    });
    button.addEventListener('click', () => close('user_closed'));

    // Sentinels wrap Tab and Shift+Tab around the dialog so focus never reaches the page behind it.
    const first = document.createElement('span');
    const last = document.createElement('span');
    for (const s of [first, last]) s.tabIndex = 0;
    first.addEventListener('focus', () => button.focus());
    last.addEventListener('focus', () => frame.focus());

    dialog.append(first, frame, button, last);
    overlay.append(dialog);
    overlay.addEventListener('click', (event) => {
      if (event.target === overlay) close('backdrop');
    });
    listen(document, 'keydown', (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close('escape');
      }
    });
    listen(
      document,
      'focusin',
      (event: FocusEvent) => {
        if (event.target instanceof Node && !overlay.contains(event.target)) frame.focus();
      },
      true,
    );

    returnFocusTo = document.activeElement;
    savedOverflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    document.body.append(overlay);
    root = overlay;
    iframe = frame;
    closeButton = button;
    frame.focus();
  }

  function mountInline(src: string, container: HTMLElement): void {
    const frame = buildIframe(src);
    setStyles(frame, { minHeight: '560px' });
    container.append(frame);
    root = frame;
    iframe = frame;
  }

  function teardown(): void {
    for (const cleanup of cleanups.splice(0)) cleanup();
    const wasModal = Boolean(closeButton);
    root?.remove();
    root = iframe = closeButton = smallScreen = undefined;
    if (wasModal) {
      document.documentElement.style.overflow = savedOverflow;
      if (returnFocusTo instanceof HTMLElement && returnFocusTo.isConnected) returnFocusTo.focus();
    }
    returnFocusTo = null;
    open = false;
  }

  async function openFlow(): Promise<void> {
    if (destroyed) throw new Error('IdvSdk: this client was destroyed');
    if (open || opening) return;
    opening = true;
    let token: string;
    let mayEmbed = true;
    try {
      token = await resolveToken();
      if (mode !== 'redirect') mayEmbed = await pageMayEmbed();
    } finally {
      opening = false;
    }
    if (destroyed) throw new Error('IdvSdk: this client was destroyed');
    if (mode === 'redirect') {
      const returnTo = new URL(config.redirectUrl ?? location.href, location.href).href;
      location.assign(flowHref({ token, redirect_url: returnTo }));
      return;
    }
    exited = false;
    if (!mayEmbed) {
      // What the flow itself reports when it refuses an origin: an error event, then the exit.
      call(config.onEvent, {
        type: 'error',
        payload: {
          code: 'origin_not_allowed',
          message: 'This page is not allowed to show identity verification.',
          detail: `${location.origin} is not among the allowed origins of this publishable key`,
        },
      });
      call(config.onExit, 'origin_not_allowed');
      return;
    }
    const src = flowHref({ token, origin: location.origin });
    listen(window, 'message', onMessage);
    if (mode === 'modal') mountModal(src);
    else mountInline(src, config.container as HTMLElement);
    open = true;
  }

  function close(reason = 'closed'): void {
    if (!open) return;
    const fire = !exited;
    exited = true;
    teardown();
    if (fire) call(config.onExit, reason);
  }

  return {
    open: openFlow,
    close,
    destroy(): void {
      if (destroyed) return;
      destroyed = true;
      exited = true;
      teardown();
    },
    get isOpen(): boolean {
      return open;
    },
  };
}
