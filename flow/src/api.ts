/**
 * Client for the session endpoints (docs/api.md, "Session endpoints"), authenticated by the client
 * token alone. Every failure becomes an ApiError carrying the HTTP status and the server's `detail`.
 */

import type { ChallengeAction, FrameLabel } from '../../src/core/faces/challenge.js';

/** `skipped`: a step the chosen document has no use for (a passport's back). */
export type StepState = 'pending' | 'done' | 'skipped';
export type DocumentType = 'drivers_license' | 'id_card' | 'passport';
export type CaptureStep = 'doc_front' | 'doc_back' | 'selfie';
export type Decision = 'approve' | 'review' | 'decline';

export interface SessionState {
  verification_id: string;
  status: 'doc_front' | 'doc_back' | 'selfie' | 'decided' | 'expired' | string;
  consent_given: boolean;
  expires_at: string;
  token_expires_at: string;
  steps: { doc_front: StepState; doc_back: StepState; selfie: StepState };
  /** The documents the merchant accepts, the one chosen (null before the first document upload), the steps left. */
  document_types?: DocumentType[];
  document_type?: DocumentType | null;
  remaining_steps?: CaptureStep[];
  decision?: Decision | null;
  /** docs/testing.md: `test` shows the banner, the sample images and (without test_outcome) the chooser. */
  mode?: 'live' | 'test';
  test_outcome?: string[] | null;
  /** How long the service keeps the data (docs/privacy.md), named in the consent text. */
  retention?: { media_days: number; personal_data_days: number; face_template_days: number };
  /** The newest liveness challenge (POST /v1/session/challenge), null before the first. */
  liveness_challenge?: LivenessChallenge | null;
  /** What the merchant's account shows its end users (docs/hosted-flow.md "Branding"); null when nothing. */
  branding?: Branding | null;
}

export interface Branding {
  display_name: string | null;
  colour: string | null;
  support_url: string | null;
  privacy_url: string | null;
  /** Read with the client token (logo()), so it never appears as a plain address. */
  logo_url: string | null;
}

export interface LivenessChallenge {
  id: string;
  actions: ChallengeAction[];
  issued_at: string;
  expires_at: string;
  answered: boolean;
  /** Each action must be seen within this long after the previous one (or after the challenge was shown). */
  action_window_ms: number;
  /** How far an answer may widen that window for a device that analyses fewer frames a second. */
  max_action_window_ms: number;
}

/** The selfie: frames, with the challenge they answer (one label per frame), or a video. */
export type SelfieUpload =
  | {
      frames_b64: string[];
      liveness_challenge?: {
        id: string;
        frames: { action: FrameLabel; captured_at_ms: number }[];
        /** The window each action had, when widened for a slow device. */
        action_window_ms?: number;
      };
    }
  | { video_b64: string };

export type SampleKind =
  'document_front' | 'document_back' | 'selfie' | 'passport_data_page' | 'id_card_front' | 'id_card_back';

export interface TestSample {
  kind: SampleKind;
  content_type: string;
  image_b64: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export interface HandoffLink {
  handoff_token: string;
  url: string;
  expires_at: string;
}

export interface HandoffStatus {
  status: 'none' | 'waiting' | 'claimed' | 'expired';
  expires_at: string | null;
  claimed_at: string | null;
}

export interface HandoffClaim {
  verification_id: string;
  client_token: string;
  token_expires_at: string;
}

export interface SessionApi {
  state(): Promise<SessionState>;
  /** Has the service confirm the launch: the SDK's publishable key, the embedding page, the return address. */
  init(launch: { publishable_key?: string; origin?: string; redirect_url?: string }): Promise<void>;
  consent(): Promise<void>;
  /** One side of the document; the type is a licence unless named (the first upload chooses it). */
  document(
    side: 'front' | 'back',
    imageB64: string,
    barcode?: string,
    documentType?: DocumentType,
  ): Promise<void>;
  selfie(input: SelfieUpload): Promise<void>;
  /** Issues a new liveness challenge (409 once a verification has had its 10) and returns the state holding it. */
  challenge(): Promise<SessionState>;
  /** Test mode: the forced outcome chosen in the flow, when the merchant fixed none. */
  submit(testOutcome?: string[]): Promise<SessionState>;
  testSample(kind: SampleKind): Promise<TestSample>;
  createHandoff(): Promise<HandoffLink>;
  handoffStatus(): Promise<HandoffStatus>;
  collectSignals(components: Record<string, string>): void;
  /** The merchant's logo, from the state's `branding.logo_url`. */
  logo(path: string): Promise<Blob>;
}

function detailText(body: unknown, fallback: string): string {
  if (typeof body !== 'object' || body === null) return fallback;
  const detail = (body as { detail?: unknown }).detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((item) =>
        typeof item === 'object' && item !== null ? String((item as { msg?: unknown }).msg) : '',
      )
      .filter(Boolean)
      .join('; ');
  }
  return fallback;
}

async function requestJson<T>(
  apiBase: string,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new URL(path, apiBase), {
      method,
      headers: {
        ...(token ? { 'X-Client-Token': token } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'network error');
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new ApiError(response.status, detailText(parsed, response.statusText));
  return parsed as T;
}

/** The second device exchanges a handoff link's token, once, for a client token of its own. */
export function claimHandoff(apiBase: string, handoffToken: string): Promise<HandoffClaim> {
  return requestJson<HandoffClaim>(apiBase, null, 'POST', '/v1/session/handoff/claim', {
    handoff_token: handoffToken,
  });
}

export function createSessionApi(apiBase: string, token: string): SessionApi {
  const request = <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> =>
    requestJson<T>(apiBase, token, method, path, body);

  return {
    state: () => request<SessionState>('GET', '/v1/session/state'),
    init: async (launch) => {
      await request('POST', '/v1/session/init', launch);
    },
    consent: async () => {
      await request('POST', '/v1/session/consent', { consent: true });
    },
    document: async (side, imageB64, barcode, documentType) => {
      await request('POST', '/v1/session/document', {
        side,
        image_b64: imageB64,
        ...(barcode ? { barcode } : {}),
        ...(documentType ? { document_type: documentType } : {}),
      });
    },
    selfie: async (input) => {
      await request('POST', '/v1/session/selfie', input);
    },
    challenge: () => request<SessionState>('POST', '/v1/session/challenge'),
    submit: (testOutcome) =>
      request<SessionState>('POST', '/v1/session/submit', testOutcome ? { test_outcome: testOutcome } : {}),
    testSample: (kind) => request<TestSample>('GET', `/v1/session/test-samples/${kind}`),
    createHandoff: () => request<HandoffLink>('POST', '/v1/session/handoff'),
    handoffStatus: () => request<HandoffStatus>('GET', '/v1/session/handoff'),
    logo: async (path) => {
      let response: Response;
      try {
        response = await fetch(new URL(path, apiBase), {
          headers: { 'X-Client-Token': token },
          credentials: 'omit',
        });
      } catch {
        throw new ApiError(0, 'network error');
      }
      if (!response.ok) throw new ApiError(response.status, response.statusText);
      return response.blob();
    },
    collectSignals(components) {
      // Fire-and-forget: signals never hold up or fail the capture.
      fetch(new URL('/v1/signals/collect', apiBase), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_token: token, components }),
        credentials: 'omit',
        keepalive: true,
      }).catch(() => undefined);
    },
  };
}
