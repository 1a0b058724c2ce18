import path from 'node:path';
import { z } from 'zod';

/** Parses a boolean-ish environment flag ("1", "true", "yes" / "0", "false", "no"). */
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_BASE_URL: z.url().optional(),
  HOSTED_FLOW_URL: z.url().optional(),
  BOOTSTRAP_API_KEY: z.string().optional(),
  API_KEY_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9]{1,15}_$/, 'must be lowercase letters/digits ending in "_", e.g. svc_')
    .default('svc_'),
  SANCTIONS_LIST: z.string().optional(),
  SANCTIONS_REFRESH_HOURS: z.coerce.number().positive().default(24),
  WEBHOOK_ALLOW_INSECURE: flag,
  WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
  WEBHOOK_SECRET_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$|^[0-9a-f]{64}$/, 'must be 32 bytes as base64url (43 chars) or hex (64 chars)')
    .optional(),
  WEBHOOK_SECRET_KEY_PREVIOUS: z
    .string()
    .regex(
      /^([A-Za-z0-9_-]{43}|[0-9a-f]{64})(,([A-Za-z0-9_-]{43}|[0-9a-f]{64}))*$/,
      'must be one or more comma-separated keys in the WEBHOOK_SECRET_KEY format',
    )
    .optional(),
  MEDIA_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(1),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('idv:rl:'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ML_THREADS: positiveInt(2),
  BARCODE_THREADS: positiveInt(1),
  CHECK_TIMEOUT_MS: positiveInt(15_000),
  CHECK_QUEUE_MAX_WAIT_MS: positiveInt(10_000),
  CHECK_WORKER_CONCURRENCY: positiveInt(1),
  KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  AUTH_FAILURE_LIMIT: z.coerce.number().int().min(0).default(20),
  AUTH_FAILURE_WINDOW_SECONDS: positiveInt(300),
  AUTH_BLOCK_SECONDS: positiveInt(900),
  AUTH_FAILURE_DELAY_MS: z.coerce.number().int().min(0).max(2000).default(100),
  ML_DISABLED: flag,
  MEDIA_STORE: z.enum(['database', 's3']).default('database'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['1', '0', 'true', 'false', 'yes', 'no']).optional(),
  S3_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, 'may hold only S3 safe key characters')
    .default('media/'),
  S3_TIMEOUT_MS: positiveInt(10_000),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicBaseUrl: string;
  hostedFlowUrl: string;
  /** True when the service serves the hosted flow itself (HOSTED_FLOW_URL unset). */
  servesHostedFlow: boolean;
  bootstrapApiKey: string | undefined;
  apiKeyPrefix: string;
  sanctionsList: string | undefined;
  sanctionsRefreshMs: number;
  webhookAllowInsecure: boolean;
  webhookTimeoutMs: number;
  webhookSecretKey: string | undefined;
  /** Keys secrets may still be sealed with during a rotation: opened, never used to seal. */
  webhookSecretKeysPrevious: string[];
  mediaSigningKey: string | undefined;
  trustProxyHops: number;
  redisUrl: string | undefined;
  /** Prefix of every rate-limit key in Redis, so deployments can share one server. */
  redisKeyPrefix: string;
  role: 'all' | 'api' | 'worker';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  mlThreads: number;
  barcodeThreads: number;
  checkTimeoutMs: number;
  /** Admission bound: a submit whose job would wait longer than this in the check queue gets 503 + Retry-After. */
  checkQueueMaxWaitMs: number;
  /** Check jobs one worker process runs at once. */
  checkWorkerConcurrency: number;
  /** Per-key token bucket budget (requests per minute); 0 turns the abuse throttle off. */
  keyRateLimitPerMinute: number;
  /** Failed API-key authentications from one address within the window that block it; 0 turns the guard off. */
  authFailureLimit: number;
  authFailureWindowSeconds: number;
  authBlockSeconds: number;
  /** Added delay per failure past half the limit, so guessing slows down before the block. */
  authFailureDelayMs: number;
  mlDisabled: boolean;
  /** Where image bytes are kept: the database's media table (default) or an S3-compatible bucket. */
  mediaStore: MediaStoreConfig;
};

export type MediaStoreConfig =
  | { kind: 'database' }
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

/** The only reader of process.env: every setting is parsed once, and every problem is reported together. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = environmentSchema
    .superRefine((e, ctx) => {
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
    .safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: isInMemory(e.DATA_DIR) ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    publicBaseUrl,
    hostedFlowUrl: (e.HOSTED_FLOW_URL ?? `${publicBaseUrl}/flow`).replace(/\/+$/, ''),
    servesHostedFlow: e.HOSTED_FLOW_URL === undefined,
    bootstrapApiKey: e.BOOTSTRAP_API_KEY,
    apiKeyPrefix: e.API_KEY_PREFIX,
    sanctionsList: e.SANCTIONS_LIST,
    sanctionsRefreshMs: e.SANCTIONS_REFRESH_HOURS * 3_600_000,
    webhookAllowInsecure: e.WEBHOOK_ALLOW_INSECURE,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookSecretKey: e.WEBHOOK_SECRET_KEY,
    webhookSecretKeysPrevious: e.WEBHOOK_SECRET_KEY_PREVIOUS?.split(',') ?? [],
    mediaSigningKey: e.MEDIA_SIGNING_KEY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    role: e.ROLE,
    logLevel: e.LOG_LEVEL,
    mlThreads: e.ML_THREADS,
    barcodeThreads: e.BARCODE_THREADS,
    checkTimeoutMs: e.CHECK_TIMEOUT_MS,
    checkQueueMaxWaitMs: e.CHECK_QUEUE_MAX_WAIT_MS,
    checkWorkerConcurrency: e.CHECK_WORKER_CONCURRENCY,
    keyRateLimitPerMinute: e.KEY_RATE_LIMIT_PER_MINUTE,
    authFailureLimit: e.AUTH_FAILURE_LIMIT,
    authFailureWindowSeconds: e.AUTH_FAILURE_WINDOW_SECONDS,
    authBlockSeconds: e.AUTH_BLOCK_SECONDS,
    authFailureDelayMs: e.AUTH_FAILURE_DELAY_MS,
    mlDisabled: e.ML_DISABLED,
    mediaStore:
      e.MEDIA_STORE === 's3'
        ? {
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
          }
        : { kind: 'database' },
  };
}
