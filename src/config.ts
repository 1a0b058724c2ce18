/**
 * Over 400 lines on purpose: this is the one schema of every setting (validation, default, one-line
 * description) and the typed Config built from it; splitting it would spread one table over files.
 */
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import { EXTRA_LIST_IDS, type ExtraListId } from './core/screening/list-catalogue.js';

/** Parses a boolean-ish environment flag ("1", "true", "yes" / "0", "false", "no"). */
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every setting, with its default and a one-line description (docs/self-hosting.md lists them all). */
export const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080).describe('Listen port (0 picks a free one).'),
  HOST: z.string().min(1).default('127.0.0.1').describe('Listen address.'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .describe('PostgreSQL server to use; unset means embedded PGlite in DATA_DIR/pglite.'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe("PGlite's files and generated keys; memory:// keeps everything in memory."),
  PUBLIC_BASE_URL: z.url().optional().describe('The address clients use; returned URLs are built from it.'),
  HOSTED_FLOW_URL: z
    .url()
    .optional()
    .describe('Where the hosted capture flow lives; unset, the service serves it at /flow.'),
  BOOTSTRAP_API_KEY: z
    .string()
    .optional()
    .describe('A root API key (scopes ["*"]) stored at start if no key with its hash exists.'),
  API_KEY_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9]{1,15}_$/, 'must be lowercase letters/digits ending in "_", e.g. svc_')
    .default('svc_')
    .describe('Prefix of generated API keys.'),
  SANCTIONS_LIST: z
    .string()
    .optional()
    .describe('Where the OFAC SDN list is loaded from (file path, folder or https URL).'),
  SANCTIONS_REFRESH_HOURS: z.coerce
    .number()
    .positive()
    .default(24)
    .describe('How often the sanctions list is reloaded.'),
  SANCTIONS_LIST_ALLOW_PRIVATE: flag.describe(
    '1 lets a sanctions list URL reach a private or loopback address (an internal mirror); public https only otherwise.',
  ),
  SCREENING_MONITORS_MAX: positiveInt(100_000).describe(
    'How many monitors (names and wallets re-screened on list updates) one account may keep.',
  ),
  SCREENING_LISTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((l) => l.trim().toLowerCase())
        .filter((l) => l.length > 0 && l !== 'ofac'),
    )
    .pipe(
      z.array(
        z.enum(EXTRA_LIST_IDS as [ExtraListId, ...ExtraListId[]], 'must list un, eu, uk or opensanctions'),
      ),
    )
    .describe('Sanctions lists screened besides OFAC, comma-separated: un, eu, uk, opensanctions.'),
  SANCTIONS_LIST_UN: z
    .string()
    .optional()
    .describe('Where the UN Security Council list is loaded from (file or https URL).'),
  SANCTIONS_LIST_EU: z
    .string()
    .optional()
    .describe('Where the EU financial sanctions list is loaded from (file or https URL).'),
  SANCTIONS_LIST_UK: z
    .string()
    .optional()
    .describe('Where the UK sanctions list is loaded from (file or https URL).'),
  SANCTIONS_LIST_OPENSANCTIONS: z
    .string()
    .optional()
    .describe('Where the OpenSanctions consolidated export is loaded from (file or https URL).'),
  WEBHOOK_ALLOW_INSECURE: flag.describe(
    'Lets webhook endpoints use http:// and private addresses (tests and development only).',
  ),
  WEBHOOK_TIMEOUT_MS: positiveInt(10_000).describe('Per-attempt timeout of a webhook delivery.'),
  WEBHOOK_SECRET_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$|^[0-9a-f]{64}$/, 'must be 32 bytes as base64url (43 chars) or hex (64 chars)')
    .optional()
    .describe('Key (32 bytes) that encrypts stored webhook endpoint secrets.'),
  WEBHOOK_SECRET_KEY_PREVIOUS: z
    .string()
    .regex(
      /^([A-Za-z0-9_-]{43}|[0-9a-f]{64})(,([A-Za-z0-9_-]{43}|[0-9a-f]{64}))*$/,
      'must be one or more comma-separated keys in the WEBHOOK_SECRET_KEY format',
    )
    .optional()
    .describe('During a rotation, earlier keys that may still open stored webhook secrets.'),
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$|^[0-9a-f]{64}$/, 'must be 32 bytes as base64url (43 chars) or hex (64 chars)')
    .optional()
    .describe('Key (32 bytes) that encrypts stored images and personal data fields.'),
  DATA_ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .regex(
      /^([A-Za-z0-9_-]{43}|[0-9a-f]{64})(,([A-Za-z0-9_-]{43}|[0-9a-f]{64}))*$/,
      'must be one or more comma-separated keys in the DATA_ENCRYPTION_KEY format',
    )
    .optional()
    .describe('After a rotation, earlier keys that still open data sealed before it.'),
  VERIFICATION_KEY_STORE: z
    .enum(['files', 'database'])
    .optional()
    .describe(
      'Where per-verification data keys are kept: files (embedded database) or database (DATABASE_URL).',
    ),
  VERIFICATION_KEY_DIR: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The folder of VERIFICATION_KEY_STORE=files; DATA_DIR/keys when unset. Shared by every instance.',
    ),
  MEDIA_SIGNING_KEY: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe('Key that signs the presigned media links.'),
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .describe('Proxies whose X-Forwarded-For is believed: addresses, CIDRs, loopback, none.'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .describe('Redis server for the rate limits; unset keeps them in the database.'),
  REDIS_KEY_PREFIX: z
    .string()
    .min(1)
    .max(64)
    .default('idv:rl:')
    .describe('Prefix of every key the service writes to Redis.'),
  ROLE: z
    .enum(['all', 'api', 'worker'])
    .default('all')
    .describe('all serves HTTP and runs background work; api only HTTP; worker only background work.'),
  SHUTDOWN_GRACE_MS: positiveInt(15_000).describe(
    'After SIGTERM, how long requests and check jobs in flight get to finish before the process exits.',
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Minimum level of the JSON log lines on stdout.'),
  ML_THREADS: positiveInt(2).describe('Worker threads for face detection, matching and liveness.'),
  BARCODE_THREADS: positiveInt(1).describe('Worker threads for server-side PDF417 decoding.'),
  CHECK_TIMEOUT_MS: positiveInt(15_000).describe('Time budget of each check at submit.'),
  KEY_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('Optional per-API-key request budget a minute on keyed endpoints; 0 (default) is off.'),
  REQUEST_BODY_TIMEOUT_SECONDS: positiveInt(120).describe(
    'Time a client has to send a whole request, body included; a slower one gets 408 and its connection closes.',
  ),
  DECISION_WAIT_MAX_CLIENTS: z.coerce
    .number()
    .int()
    .min(0)
    .default(1000)
    .describe('Requests one instance holds open waiting for a decision (?wait=).'),
  AUTH_FAILURE_LIMIT: z.coerce
    .number()
    .int()
    .min(0)
    .default(300)
    .describe('Failed authentications per address or key prefix in the window before 429s; 0 is off.'),
  CONSOLE_ANONYMOUS_LIMIT: z.coerce
    .number()
    .int()
    .min(0)
    .default(120)
    .describe('Calls per address in 10 minutes to the console routes needing no session; 0 is off.'),
  AUTH_FAILURE_WINDOW_SECONDS: positiveInt(300).describe(
    'The rolling window authentication failures are counted in.',
  ),
  AUTH_FAILURE_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(2000)
    .default(10)
    .describe('Extra delay per authentication failure past half the limit.'),
  SIGNALS_MAX_BATCHES_PER_VERIFICATION: positiveInt(20).describe(
    'Device-signal batches kept per verification.',
  ),
  SIGNALS_MAX_UNLINKED_PER_ADDRESS_PER_HOUR: positiveInt(60).describe(
    'Unlinked device-signal batches kept per client address in a rolling hour.',
  ),
  VIDEO_DECODE_CONCURRENCY: positiveInt(2).describe('Video decoding processes at once (selfie videos).'),
  VIDEO_DECODE_QUEUE: z.coerce
    .number()
    .int()
    .min(0)
    .default(4)
    .describe('Video uploads that may wait for a decoding slot before 503.'),
  IMAGE_WORK_CONCURRENCY: positiveInt(4).describe(
    'Image-heavy requests (document, submit, blocklist image) at once.',
  ),
  IMAGE_WORK_QUEUE: z.coerce
    .number()
    .int()
    .min(0)
    .default(16)
    .describe('Image-heavy requests that may wait for a slot before 503.'),
  ML_DISABLED: flag.describe('Skips loading the face models; face checks report unavailable.'),
  FACE_RECOGNIZER_MODEL: z
    .string()
    .min(1)
    .optional()
    .describe('An ONNX face recognizer replacing the bundled MobileFaceNet; calibrate its thresholds first.'),
  MEDIA_STORE: z
    .enum(['database', 'files', 's3'])
    .optional()
    .describe('Where captured images are kept: the database, files under DATA_DIR, or an S3 bucket.'),
  S3_BUCKET: z.string().min(3).max(63).optional().describe('The bucket; required with MEDIA_STORE=s3.'),
  S3_ENDPOINT: z.url().optional().describe('Address of an S3-compatible server; unset means AWS.'),
  S3_REGION: z.string().min(1).default('us-east-1').describe("The bucket's region."),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .describe(
      'Access key for the bucket; set with S3_SECRET_ACCESS_KEY, or neither for the SDK credential chain.',
    ),
  S3_SECRET_ACCESS_KEY: z.string().optional().describe('Secret for S3_ACCESS_KEY_ID.'),
  S3_FORCE_PATH_STYLE: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'])
    .optional()
    .describe('Path-style bucket addresses; on by default when S3_ENDPOINT is set.'),
  CHECK_QUEUE_MAX_WAIT_MS: positiveInt(10_000).describe(
    'Longest expected wait in the check queue before a submit answers 503 with Retry-After.',
  ),
  CHECK_WORKER_CONCURRENCY: positiveInt(2).describe('Check jobs one worker process runs at once.'),
  S3_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, 'may hold only S3 safe key characters')
    .default('media/')
    .describe('Prefix of every object key.'),
  S3_TIMEOUT_MS: positiveInt(10_000).describe('Connection and request timeout of each call to the bucket.'),
  RETENTION_MEDIA_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1825)
    .default(30)
    .describe('Days the images of a decided verification are kept after the decision (1 to 1825).'),
  RETENTION_PII_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1825)
    .default(90)
    .describe('Days the personal fields of a decided verification are kept after the decision (1 to 1825).'),
  RETENTION_TEMPLATE_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1095)
    .default(365)
    .describe('Days a face template is kept for duplicate detection (1 to 1095, the BIPA bound of 3 years).'),
  RETENTION_SWEEP_BATCH: z.coerce
    .number()
    .int()
    .min(1)
    .max(5000)
    .default(500)
    .describe(
      'Most verifications the retention sweeper handles per transaction; batches shrink below it to stay near 50 ms.',
    ),
  NODE_ENV: z
    .string()
    .optional()
    .describe(
      'production requires WEBHOOK_SECRET_KEY, MEDIA_SIGNING_KEY and DATA_ENCRYPTION_KEY from settings.',
    ),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,256}$/, 'must be 32 to 256 printable characters without spaces')
    .optional()
    .describe('Bearer token for /metrics and the component details of /readyz.'),
});

/**
 * Browsers refuse passkeys on an IP address, so a service listening on the loopback (or on every
 * address) names itself `localhost`: the console works at the address the service prints.
 */
export function defaultPublicBaseUrl(host: string, port: number): string {
  const name =
    ['127.0.0.1', '::1', '[::1]', '0.0.0.0', '::', 'localhost'].includes(host) || host.startsWith('127.')
      ? 'localhost'
      : host.includes(':')
        ? `[${host}]`
        : host;
  return `http://${name}:${port}`;
}

export type WorkQueueLimits = { concurrency: number; maxWaiting: number };

export type VerificationKeyStoreConfig =
  | { kind: 'files'; dir: string }
  | { kind: 'database' }
  /** DATA_DIR=memory://: the keys live and die with the in-memory data. */
  | { kind: 'memory' };

export type MediaStoreConfig =
  | { kind: 'database' }
  | { kind: 'files'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      keyPrefix: string;
      timeoutMs: number;
    };

/** `memory://` keeps PGlite and local files in memory: tests and throwaway runs. */
export function isInMemory(dataDir: string): boolean {
  return dataDir.startsWith('memory://');
}

/** Where PGlite keeps its files: in memory for `memory://`, else `DATA_DIR/pglite`. */
export function pgliteDir(dataDir: string): string {
  return isInMemory(dataDir) ? 'memory://' : `${dataDir}/pglite`;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** `TRUST_PROXY` as a list; `none` trusts no proxy (every X-Forwarded-For is ignored). */
function trustedProxies(setting: string): string[] {
  const entries = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  return entries.length === 1 && entries[0] === 'none' ? [] : entries;
}

/**
 * Every setting parsed, checked together and shaped as the service reads it: `Config` is this
 * schema's output, so a setting's type is written once, in `environmentSchema`.
 */
const configSchema = environmentSchema
  .superRefine((e, ctx) => {
    // A generated key would sit in DATA_DIR beside the data it protects, so a copy of the
    // directory (a backup) would carry both; production deployments keep keys in their secret store.
    if (e.NODE_ENV === 'production') {
      for (const name of ['WEBHOOK_SECRET_KEY', 'MEDIA_SIGNING_KEY', 'DATA_ENCRYPTION_KEY'] as const) {
        if (!e[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when NODE_ENV=production (generated keys would sit in DATA_DIR)',
          });
      }
    }
    try {
      proxyAddr.compile(trustedProxies(e.TRUST_PROXY));
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message: `${(error as Error).message}: list addresses or CIDRs (or loopback, linklocal, uniquelocal, none), comma-separated`,
      });
    }
    if (e.MEDIA_STORE === 'files' && isInMemory(e.DATA_DIR))
      ctx.addIssue({
        code: 'custom',
        path: ['MEDIA_STORE'],
        message: 'files needs DATA_DIR to be a folder, not memory://',
      });
    // The embedded database keeps deleted rows in its write-ahead log and dead tuples, inside
    // DATA_DIR: keys kept there would outlive redaction (docs/security.md).
    if (e.VERIFICATION_KEY_STORE === 'database' && !e.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['VERIFICATION_KEY_STORE'],
        message: 'database needs DATABASE_URL; the embedded database keeps keys in files',
      });
    if (e.VERIFICATION_KEY_STORE === 'files' && isInMemory(e.DATA_DIR) && !e.VERIFICATION_KEY_DIR)
      ctx.addIssue({
        code: 'custom',
        path: ['VERIFICATION_KEY_STORE'],
        message: 'files needs VERIFICATION_KEY_DIR when DATA_DIR is memory://',
      });
    if (e.MEDIA_STORE === 's3' && !e.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when MEDIA_STORE=s3' });
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message:
          'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither (the SDK credential chain)',
      });
  })
  .transform((e) => {
    const publicBaseUrl = (e.PUBLIC_BASE_URL ?? defaultPublicBaseUrl(e.HOST, e.PORT)).replace(/\/+$/, '');
    return {
      port: e.PORT,
      host: e.HOST,
      databaseUrl: e.DATABASE_URL,
      dataDir: isInMemory(e.DATA_DIR) ? e.DATA_DIR : path.resolve(e.DATA_DIR),
      publicBaseUrl,
      hostedFlowUrl: (e.HOSTED_FLOW_URL ?? `${publicBaseUrl}/flow`).replace(/\/+$/, ''),
      /** True when the service serves the hosted flow itself (HOSTED_FLOW_URL unset). */
      servesHostedFlow: e.HOSTED_FLOW_URL === undefined,
      bootstrapApiKey: e.BOOTSTRAP_API_KEY,
      apiKeyPrefix: e.API_KEY_PREFIX,
      sanctionsList: e.SANCTIONS_LIST,
      sanctionsRefreshMs: e.SANCTIONS_REFRESH_HOURS * 3_600_000,
      /** Lists screened besides OFAC's SDN list (always screened). */
      screeningLists: [...new Set(e.SCREENING_LISTS)],
      screeningMonitorsMax: e.SCREENING_MONITORS_MAX,
      sanctionsListAllowPrivate: e.SANCTIONS_LIST_ALLOW_PRIVATE,
      /** Source (file or https URL) per extra list; unset = the official publication. */
      screeningListSources: {
        un: e.SANCTIONS_LIST_UN,
        eu: e.SANCTIONS_LIST_EU,
        uk: e.SANCTIONS_LIST_UK,
        opensanctions: e.SANCTIONS_LIST_OPENSANCTIONS,
      },
      webhookAllowInsecure: e.WEBHOOK_ALLOW_INSECURE,
      webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
      webhookSecretKey: e.WEBHOOK_SECRET_KEY,
      /** Keys secrets may still be sealed with during a rotation: opened, never used to seal. */
      webhookSecretKeysPrevious: e.WEBHOOK_SECRET_KEY_PREVIOUS?.split(',') ?? [],
      /** Encrypts media bytes and personal data at rest; the previous keys only open. */
      dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
      dataEncryptionKeysPrevious: e.DATA_ENCRYPTION_KEY_PREVIOUS?.split(',') ?? [],
      mediaSigningKey: e.MEDIA_SIGNING_KEY,
      /**
       * Proxies whose X-Forwarded-For is believed (addresses, CIDRs or proxy-addr's names `loopback`,
       * `linklocal`, `uniquelocal`); empty trusts none. The client address is the first untrusted hop.
       */
      trustProxy: trustedProxies(e.TRUST_PROXY),
      redisUrl: e.REDIS_URL,
      /** Prefix of every rate-limit key in Redis, so deployments can share one server. */
      redisKeyPrefix: e.REDIS_KEY_PREFIX,
      role: e.ROLE,
      /** SIGTERM's bound: in-flight requests and check jobs finish within it, or jobs go back to the queue. */
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
      logLevel: e.LOG_LEVEL,
      mlThreads: e.ML_THREADS,
      barcodeThreads: e.BARCODE_THREADS,
      checkTimeoutMs: e.CHECK_TIMEOUT_MS,
      /** Admission bound: a submit whose job would wait longer than this in the check queue gets 503 + Retry-After. */
      checkQueueMaxWaitMs: e.CHECK_QUEUE_MAX_WAIT_MS,
      /** Check jobs one worker process runs at once. */
      checkWorkerConcurrency: e.CHECK_WORKER_CONCURRENCY,
      /** Per-key token bucket budget (requests per minute); 0 (the default: no hard limit, fair use) turns it off. */
      keyRateLimitPerMinute: e.KEY_RATE_LIMIT_PER_MINUTE,
      /** GET /v1/verifications/{id}?wait= requests one instance holds open at once; more answer 503. */
      decisionWaitMaxClients: e.DECISION_WAIT_MAX_CLIENTS,
      /** Time a client has to send its whole request; a trickled body cannot hold a connection open. */
      requestBodyTimeoutMs: e.REQUEST_BODY_TIMEOUT_SECONDS * 1000,
      /**
       * Failed API-key authentications from one address (or with one key prefix) within the window past
       * which further failures get 429 instead of 401; valid keys are never refused. 0 turns it off.
       */
      authFailureLimit: e.AUTH_FAILURE_LIMIT,
      /** Calls per address in 10 minutes to the console routes that need no session; 0 turns it off. */
      consoleAnonymousLimit: e.CONSOLE_ANONYMOUS_LIMIT,
      authFailureWindowSeconds: e.AUTH_FAILURE_WINDOW_SECONDS,
      /** Added delay per failure past half the limit, so guessing slows down before the 429s. */
      authFailureDelayMs: e.AUTH_FAILURE_DELAY_MS,
      /** Signal batches kept per verification; later ones are answered but not stored. */
      signalsMaxBatchesPerVerification: e.SIGNALS_MAX_BATCHES_PER_VERIFICATION,
      /** Unlinked signal batches kept per client address in a rolling hour; later ones are not stored. */
      signalsMaxUnlinkedPerAddressPerHour: e.SIGNALS_MAX_UNLINKED_PER_ADDRESS_PER_HOUR,
      /** Video decoding processes at once, and how many more may wait before uploads get 503 with Retry-After. */
      videoDecode: { concurrency: e.VIDEO_DECODE_CONCURRENCY, maxWaiting: e.VIDEO_DECODE_QUEUE },
      /** Image-heavy requests (document read, submit, blocklist image) at once, and how many may wait. */
      imageWork: { concurrency: e.IMAGE_WORK_CONCURRENCY, maxWaiting: e.IMAGE_WORK_QUEUE },
      mlDisabled: e.ML_DISABLED,
      /** An ONNX recognizer replacing the bundled one; undefined for the bundled one. */
      faceRecognizerModel: e.FACE_RECOGNIZER_MODEL,
      /** NODE_ENV=production: keys must come from settings, never be generated next to the data. */
      production: e.NODE_ENV === 'production',
      /** Bearer token for /metrics and for /readyz's component details; unset, /metrics answers 404. */
      metricsToken: e.METRICS_TOKEN,
      /** How long personal data is kept (docs/privacy.md); the worker role's sweeper enforces it. */
      retention: {
        mediaDays: e.RETENTION_MEDIA_DAYS,
        piiDays: e.RETENTION_PII_DAYS,
        templateDays: e.RETENTION_TEMPLATE_DAYS,
        batchSize: e.RETENTION_SWEEP_BATCH,
      },
      /** Where image bytes are kept: the database's media table (default) or an S3-compatible bucket. */
      mediaStore: mediaStoreOf(e),
      /** Where wrapped per-verification keys are kept (crypto-shredding, docs/security.md). */
      verificationKeys: verificationKeyStore(
        e.VERIFICATION_KEY_STORE,
        e.VERIFICATION_KEY_DIR,
        e.DATABASE_URL,
        e.DATA_DIR,
      ),
    };
  });

export type Config = z.output<typeof configSchema>;

/** The only reader of process.env: every setting is parsed once, and every problem is reported together. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return parsed.data;
}

/**
 * Unset, keys are files under DATA_DIR with the embedded database (its write-ahead log would keep a
 * deleted row) and rows with a PostgreSQL server (every instance sees them without a shared folder).
 */
function verificationKeyStore(
  chosen: 'files' | 'database' | undefined,
  dir: string | undefined,
  databaseUrl: string | undefined,
  dataDir: string,
): VerificationKeyStoreConfig {
  const kind = chosen ?? (databaseUrl ? 'database' : 'files');
  if (kind === 'database') return { kind };
  if (dir) return { kind, dir: path.resolve(dir) };
  return isInMemory(dataDir) ? { kind: 'memory' } : { kind, dir: path.join(path.resolve(dataDir), 'keys') };
}

/** Where image bytes are kept: an S3-compatible bucket, or the embedded defaults of mediaFiles(). */
function mediaStoreOf(e: z.output<typeof environmentSchema>): MediaStoreConfig {
  if (e.MEDIA_STORE !== 's3') return mediaFiles(e.MEDIA_STORE, e.DATABASE_URL, e.DATA_DIR);
  return {
    kind: 's3',
    bucket: e.S3_BUCKET!,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Most S3-compatible servers (MinIO, Ceph) want path-style addressing; AWS itself does not.
    forcePathStyle: e.S3_FORCE_PATH_STYLE
      ? ['1', 'true', 'yes'].includes(e.S3_FORCE_PATH_STYLE)
      : e.S3_ENDPOINT !== undefined,
    keyPrefix: e.S3_KEY_PREFIX,
    timeoutMs: e.S3_TIMEOUT_MS,
  };
}

/**
 * Unset, images are files under DATA_DIR with the embedded database (one process owns both) and rows
 * of the database with a PostgreSQL server (every instance sees them); an in-memory run keeps them in
 * its in-memory database.
 */
function mediaFiles(
  chosen: 'database' | 'files' | undefined,
  databaseUrl: string | undefined,
  dataDir: string,
): MediaStoreConfig {
  const kind = chosen ?? (databaseUrl || isInMemory(dataDir) ? 'database' : 'files');
  return kind === 'files' ? { kind, dir: path.join(path.resolve(dataDir), 'media') } : { kind };
}
