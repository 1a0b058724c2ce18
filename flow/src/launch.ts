/**
 * Reads how the flow was launched from the URL fragment (`#token=…&origin=…&redirect_url=…&locale=…`,
 * or `#handoff=…` on a second device). The
 * fragment never reaches a server or a Referer header; it is removed from the address bar and history
 * once read, and kept in sessionStorage so a reload in the same tab resumes.
 */

export interface Launch {
  token: string | null;
  /** Origin of the embedding page, set by the SDK in modal and inline modes. */
  parentOrigin: string | null;
  /** Return address in redirect mode. */
  redirectUrl: string | null;
  /** True when an SDK parent is present: postMessage events go to it and `init` is awaited. */
  embedded: boolean;
  /**
   * True when the page is framed but not as the SDK frames it (the parent's origin and the publishable
   * key in the page address, no return address): such a load must not run, since no launch check could
   * tie the frame to the verification's merchant.
   */
  framedWithoutLaunch: boolean;
  /** The publishable key in the page address (`?pk=`): the key whose origins framed this load. */
  publishableKey: string | null;
  /** Single-use handoff token of a link opened on a second device; exchanged for a client token. */
  handoffToken: string | null;
  /** True on the second device once its handoff link was claimed (kept across reloads). */
  viaHandoff: boolean;
  /** Language asked for by the SDK's `locale`, else null (the browser's languages decide). */
  locale: string | null;
}

const STORAGE_KEY = 'idv.launch';

function validOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value ? value : null;
  } catch {
    return null;
  }
}

function validRedirect(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    // Only web addresses: a javascript: or data: "return address" would run in the flow's origin.
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function readStored(): URLSearchParams | null {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    return stored ? new URLSearchParams(stored) : null;
  } catch {
    return null;
  }
}

function store(params: URLSearchParams): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, params.toString());
  } catch {
    // Storage can be disabled (private modes, blocked third-party storage); a reload then needs the link again.
  }
}

/** Keeps the second device's own client token for reloads; the handoff token itself is never stored. */
export function rememberHandoffClaim(token: string, locale: string | null): void {
  store(new URLSearchParams({ token, via: 'handoff', ...(locale ? { locale } : {}) }));
}

export function readLaunch(): Launch {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const handoffToken = fromHash.get('handoff');
  const inFrame = window.parent !== window;
  const publishableKey = new URLSearchParams(location.search).get('pk') || null;
  if (handoffToken) {
    history.replaceState(null, '', location.pathname + location.search);
    return {
      token: null,
      parentOrigin: null,
      redirectUrl: null,
      embedded: false,
      framedWithoutLaunch: inFrame,
      publishableKey,
      handoffToken,
      viaHandoff: true,
      locale: fromHash.get('locale'),
    };
  }
  let params: URLSearchParams;
  if (fromHash.get('token')) {
    params = fromHash;
    store(params);
    history.replaceState(null, '', location.pathname + location.search);
  } else {
    params = readStored() ?? fromHash;
  }
  const parentOrigin = validOrigin(params.get('origin'));
  const redirectUrl = validRedirect(params.get('redirect_url'));
  const embedded = inFrame && parentOrigin !== null && publishableKey !== null && redirectUrl === null;
  return {
    token: params.get('token') || null,
    parentOrigin,
    redirectUrl,
    embedded,
    framedWithoutLaunch: inFrame && !embedded,
    publishableKey,
    handoffToken: null,
    viaHandoff: params.get('via') === 'handoff',
    locale: params.get('locale'),
  };
}
