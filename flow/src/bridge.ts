/**
 * The postMessage side of the SDK (docs/sdk.md): events go only to the parent origin named in the fragment, and
 * `init` is accepted only from that parent window and origin.
 */

export type FlowEventType = 'ready' | 'step' | 'complete' | 'error' | 'exit';

export interface InitPayload {
  publicKey: string;
  theme: { primaryColor?: string; colorScheme?: string };
  mode?: string;
}

export interface Bridge {
  post(type: FlowEventType, payload?: unknown): void;
  onInit(handler: (init: InitPayload) => void): void;
}

function parseInit(payload: unknown): InitPayload | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.publicKey !== 'string') return null;
  const theme = typeof p.theme === 'object' && p.theme !== null ? (p.theme as Record<string, unknown>) : {};
  return {
    publicKey: p.publicKey,
    theme: {
      primaryColor: typeof theme.primaryColor === 'string' ? theme.primaryColor : undefined,
      colorScheme: typeof theme.colorScheme === 'string' ? theme.colorScheme : undefined,
    },
    mode: typeof p.mode === 'string' ? p.mode : undefined,
  };
}

export function createBridge(parentOrigin: string | null): Bridge {
  const handlers: Array<(init: InitPayload) => void> = [];
  if (parentOrigin) {
    window.addEventListener('message', (event) => {
      if (event.source !== window.parent || event.origin !== parentOrigin) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      const { source, type, payload } = data as Record<string, unknown>;
      if (source !== 'idv-sdk' || type !== 'init') return;
      const init = parseInit(payload);
      if (init) for (const handler of handlers) handler(init);
    });
  }
  return {
    post(type, payload) {
      if (!parentOrigin) return;
      window.parent.postMessage({ source: 'idv-flow', type, payload }, parentOrigin);
    },
    onInit(handler) {
      handlers.push(handler);
    },
  };
}
