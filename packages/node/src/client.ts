import crypto from 'node:crypto';
import type { paths } from './openapi.js';

type HttpMethod = 'get' | 'post' | 'delete';

/** The routes that answer `method`. */
export type PathsFor<M extends HttpMethod> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];

type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;
type PathParams<O> = O extends { parameters: { path: infer T } } ? T : never;
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
type JsonBody<O> = O extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never]
    ? never
    : NonNullable<R> extends { content: { 'application/json': infer B } }
      ? B
      : never
  : never;
type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessBody<O> = O extends { responses: infer R }
  ? {
      [S in keyof R & SuccessStatus]: R[S] extends { content: { 'application/json': infer J } }
        ? J
        : undefined;
    }[keyof R & SuccessStatus]
  : never;

/** What a route takes: its path parameters, query and JSON body, as the OpenAPI document declares them. */
export type RequestOptions<O> = ([PathParams<O>] extends [never]
  ? { path?: never }
  : { path: PathParams<O> }) &
  ([QueryParams<O>] extends [never] ? { query?: never } : { query?: QueryParams<O> }) &
  ([JsonBody<O>] extends [never] ? { body?: never } : { body: JsonBody<O> }) & {
    /**
     * Sent as `Idempotency-Key`. Every POST gets a fresh one unless given, and keeps it across the
     * client's own retries, so a retried create or submit acts once.
     */
    idempotencyKey?: string;
    signal?: AbortSignal;
  };

export type ClientOptions = {
  /** The service's address, e.g. `https://idv.example.com`. */
  baseUrl: string;
  /** A secret API key (`svc_…`), for a backend; or give `clientToken` for the session routes. */
  apiKey?: string;
  clientToken?: string;
  /** Retries after a network error, 429, 503 or another 5xx, honouring Retry-After (default 2). */
  maxRetries?: number;
  /** Per attempt, in milliseconds (default 60,000: submit waits for the checks). */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** An answer outside 2xx, with the service's `detail` (a message, or the 422 list of `{loc, msg, type}`). */
export class IdvApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    readonly requestId: string | null,
    readonly retryAfterSeconds: number | null,
  ) {
    super(`${status}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
    this.name = 'IdvApiError';
  }
}

const RETRIED_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const LONGEST_BACKOFF_MS = 20_000;

function backoffMs(attempt: number, retryAfter: number | null): number {
  if (retryAfter !== null) return Math.min(retryAfter * 1000, LONGEST_BACKOFF_MS);
  return Math.min(500 * 2 ** attempt, LONGEST_BACKOFF_MS) * (0.5 + Math.random() / 2);
}

function withPathParams(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export type IdvClient = ReturnType<typeof createClient>;

/**
 * A client for the identity verification service. `request` reaches every route with its types from
 * the OpenAPI document; the named helpers cover the usual backend work (create, wait for the
 * decision, list every page, webhooks, keys, screening) and a test-mode session run.
 */
export function createClient(options: ClientOptions) {
  const send = options.fetch ?? fetch;
  const maxRetries = options.maxRetries ?? 2;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  async function request<M extends HttpMethod, P extends PathsFor<M>>(
    method: M,
    path: P,
    ...[init]: RequestOptions<Operation<P, M>> extends { path: unknown } | { body: unknown }
      ? [RequestOptions<Operation<P, M>>]
      : [RequestOptions<Operation<P, M>>?]
  ): Promise<SuccessBody<Operation<P, M>>> {
    const given = (init ?? {}) as {
      path?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      idempotencyKey?: string;
      signal?: AbortSignal;
    };
    const url = new URL(baseUrl + withPathParams(path, given.path));
    for (const [name, value] of Object.entries(given.query ?? {}))
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    if (options.clientToken) headers['x-client-token'] = options.clientToken;
    if (given.body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'post') headers['idempotency-key'] = given.idempotencyKey ?? crypto.randomUUID();

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await send(url, {
          method: method.toUpperCase(),
          headers,
          // Fetch keeps custom headers (X-Api-Key, Idempotency-Key) and a 307's body on a redirect to
          // another origin; the client never follows one, so they only ever go to baseUrl.
          redirect: 'manual',
          ...(given.body !== undefined ? { body: JSON.stringify(given.body) } : {}),
          signal: given.signal
            ? AbortSignal.any([given.signal, AbortSignal.timeout(timeoutMs)])
            : AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (given.signal?.aborted || attempt >= maxRetries) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt, null)));
        continue;
      }
      const retryAfterHeader = response.headers.get('retry-after');
      const retryAfter = retryAfterHeader && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : null;
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        throw new IdvApiError(
          response.status,
          `the service answered a redirect to ${location ?? '(no Location)'}, which this client does not follow so that the API key stays with baseUrl: set baseUrl to the service's own address`,
          response.headers.get('x-request-id'),
          null,
        );
      }
      if (response.ok) {
        const text = await response.text();
        return (text ? JSON.parse(text) : undefined) as SuccessBody<Operation<P, M>>;
      }
      if (RETRIED_STATUSES.has(response.status) && attempt < maxRetries) {
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt, retryAfter)));
        continue;
      }
      const text = await response.text();
      let detail: unknown = text;
      try {
        detail = (JSON.parse(text) as { detail?: unknown }).detail ?? text;
      } catch {
        // Not the service's JSON envelope (a proxy's page): the text is the detail.
      }
      throw new IdvApiError(response.status, detail, response.headers.get('x-request-id'), retryAfter);
    }
  }

  type Verification = SuccessBody<Operation<'/v1/verifications/{id}', 'get'>>;
  type ListQuery = NonNullable<QueryParams<Operation<'/v1/verifications', 'get'>>>;

  const verifications = {
    create: (
      body: JsonBody<Operation<'/v1/verifications', 'post'>>,
      extra: { idempotencyKey?: string } = {},
    ) => request('post', '/v1/verifications', { body, ...extra }),
    retrieve: (id: string, query: { wait?: number } = {}) =>
      request('get', '/v1/verifications/{id}', { path: { id }, query }),
    list: (query: ListQuery = {}) => request('get', '/v1/verifications', { query }),
    /** Every verification matching `query`, page after page (newest first). */
    listAll: (query: Omit<ListQuery, 'starting_after'> = {}) =>
      everyItem((startingAfter) =>
        request('get', '/v1/verifications', { query: { ...query, ...startingAfter } }),
      ),
    /**
     * The verification once it is decided or has expired: waiting reads (`?wait=`, 30 s each) until
     * then, or until `timeoutMs` (default 5 minutes) passes, when it answers the verification as it is.
     */
    async waitForDecision(id: string, { timeoutMs = 300_000 } = {}): Promise<Verification> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const left = Math.ceil((deadline - Date.now()) / 1000);
        const verification = await request('get', '/v1/verifications/{id}', {
          path: { id },
          query: { wait: Math.max(1, Math.min(30, left)) },
        });
        if (verification.status === 'decided' || verification.status === 'expired' || left <= 1)
          return verification;
      }
    },
    review: (id: string, body: JsonBody<Operation<'/v1/verifications/{id}/review', 'post'>>) =>
      request('post', '/v1/verifications/{id}/review', { path: { id }, body }),
    redact: (id: string) => request('post', '/v1/verifications/{id}/redact', { path: { id } }),
    cancel: (id: string, extra: { idempotencyKey?: string } = {}) =>
      request('post', '/v1/verifications/{id}/cancel', { path: { id }, ...extra }),
    clientToken: (id: string) => request('post', '/v1/verifications/{id}/client-token', { path: { id } }),
  };

  type EventQuery = NonNullable<QueryParams<Operation<'/v1/events', 'get'>>>;

  type Event = SuccessBody<Operation<'/v1/events', 'get'>>['data'][number];

  /**
   * Every event newer than the stored `cursor` (an event id), oldest first; with no cursor, every
   * event still kept. Save each event's id once it is handled and pass the last one next time.
   */
  async function* eventsSince(cursor: string | null, limit = 200): AsyncGenerator<Event> {
    if (cursor === null) {
      const kept: Event[] = [];
      for await (const event of everyItem((startingAfter) =>
        request('get', '/v1/events', { query: { limit, ...startingAfter } }),
      ))
        kept.push(event);
      yield* kept.reverse();
      return;
    }
    let after = cursor;
    for (;;) {
      const page = await request('get', '/v1/events', { query: { limit, ending_before: after } });
      yield* [...page.data].reverse();
      if (!page.has_more || !page.next_cursor) return;
      after = page.next_cursor;
    }
  }

  /** The log of every change to this key's verifications (30 days), to catch up after an outage. */
  const events = {
    list: (query: EventQuery = {}) => request('get', '/v1/events', { query }),
    /** Every event matching `query`, page after page (newest first). */
    listAll: (query: Omit<EventQuery, 'starting_after' | 'ending_before'> = {}) =>
      everyItem((startingAfter) => request('get', '/v1/events', { query: { ...query, ...startingAfter } })),
    since: eventsSince,
    /**
     * The reconciliation loop beside a webhook receiver: every event newer than `cursor`, oldest
     * first, then every `intervalMs` the ones that came since, until `signal` aborts. An event the
     * webhook already delivered comes again here: handle events idempotently, by id.
     */
    async *follow(
      cursor: string | null,
      { intervalMs = 60_000, signal }: { intervalMs?: number; signal?: AbortSignal } = {},
    ): AsyncGenerator<Event> {
      let last = cursor;
      while (!signal?.aborted) {
        for await (const event of eventsSince(last)) {
          last = event.id;
          yield event;
        }
        await sleep(intervalMs, signal);
      }
    },
  };

  const webhooks = {
    create: (body: JsonBody<Operation<'/v1/webhooks', 'post'>>) => request('post', '/v1/webhooks', { body }),
    list: () => request('get', '/v1/webhooks'),
    remove: (endpointId: string) =>
      request('delete', '/v1/webhooks/{endpoint_id}', { path: { endpoint_id: endpointId } }),
    deliveries: (endpointId: string) =>
      request('get', '/v1/webhooks/{endpoint_id}/deliveries', { path: { endpoint_id: endpointId } }),
    /** Sends again, on the usual schedule, the events in a time range that did not reach the endpoint. */
    redeliver: (
      endpointId: string,
      body: JsonBody<Operation<'/v1/webhooks/{endpoint_id}/redeliver', 'post'>>,
    ) => request('post', '/v1/webhooks/{endpoint_id}/redeliver', { path: { endpoint_id: endpointId }, body }),
  };

  const keys = {
    create: (body: JsonBody<Operation<'/v1/keys', 'post'>>) => request('post', '/v1/keys', { body }),
    list: () => request('get', '/v1/keys'),
  };

  const screening = {
    ofac: (body: JsonBody<Operation<'/v1/screen/ofac', 'post'>>) =>
      request('post', '/v1/screen/ofac', { body }),
    wallet: (body: JsonBody<Operation<'/v1/screen/wallet', 'post'>>) =>
      request('post', '/v1/screen/wallet', { body }),
  };

  return { request, verifications, events, webhooks, keys, screening };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Every item of a cursor-paged list (`{data, has_more, next_cursor}`), fetching pages as they are read. */
async function* everyItem<Item>(
  page: (startingAfter: {
    starting_after?: string;
  }) => Promise<{ data: Item[]; has_more: boolean; next_cursor: string | null }>,
): AsyncGenerator<Item> {
  let cursor: string | null = null;
  for (;;) {
    const answer = await page(cursor ? { starting_after: cursor } : {});
    yield* answer.data;
    if (!answer.has_more || !answer.next_cursor) return;
    cursor = answer.next_cursor;
  }
}

/**
 * The end user's side of one verification, with its client token: what the hosted flow does, for
 * tests and server-side captures. `completeWithTestSamples` runs a test-mode verification (made with
 * a test key) to its decision with the service's own sample images, no browser needed.
 */
export function createSessionClient(options: Omit<ClientOptions, 'apiKey'> & { clientToken: string }) {
  const { request } = createClient(options);
  const sample = async (kind: 'document_front' | 'document_back' | 'selfie') =>
    (await request('get', '/v1/session/test-samples/{kind}', { path: { kind } })).image_b64;
  return {
    request,
    state: () => request('get', '/v1/session/state'),
    async completeWithTestSamples(testOutcome?: string[]) {
      await request('post', '/v1/session/consent', { body: { consent: true } });
      await request('post', '/v1/session/document', {
        body: { side: 'front', image_b64: await sample('document_front') },
      });
      await request('post', '/v1/session/document', {
        body: { side: 'back', image_b64: await sample('document_back') },
      });
      return request('post', '/v1/session/submit', {
        body: {
          frames_b64: [await sample('selfie')],
          ...(testOutcome ? { test_outcome: testOutcome as never } : {}),
        },
      });
    },
  };
}
