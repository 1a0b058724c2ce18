/**
 * Reads how the flow was launched from the URL fragment (`#token=…&origin=…&redirect_url=…`). The
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

export function readLaunch(): Launch {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, ''));
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
  const inFrame = window.parent !== window;
  return {
    token: params.get('token') || null,
    parentOrigin,
    redirectUrl,
    embedded: inFrame && parentOrigin !== null && redirectUrl === null,
  };
}
