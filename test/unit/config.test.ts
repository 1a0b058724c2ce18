import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { passkeyAddressProblem } from '../../src/core/members/members.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('verification key store configuration', () => {
  it('keeps keys in files beside the embedded database and in a PostgreSQL server’s table by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/idv' }).verificationKeys).toEqual({
      kind: 'files',
      dir: '/srv/idv/keys',
    });
    expect(loadConfig({ DATA_DIR: '/srv/idv', DATABASE_URL: 'postgres://db/idv' }).verificationKeys).toEqual({
      kind: 'database',
    });
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://db/idv',
        VERIFICATION_KEY_STORE: 'files',
        VERIFICATION_KEY_DIR: '/shared/keys',
      }).verificationKeys,
    ).toEqual({ kind: 'files', dir: '/shared/keys' });
    expect(loadConfig({ DATA_DIR: 'memory://' }).verificationKeys).toEqual({ kind: 'memory' });
  });

  it('refuses a key table in the embedded database, whose write-ahead log would keep destroyed keys', () => {
    expect(problemsOf({ DATA_DIR: '/srv/idv', VERIFICATION_KEY_STORE: 'database' })).toEqual([
      'VERIFICATION_KEY_STORE: database needs DATABASE_URL; the embedded database keeps keys in files',
    ]);
  });
});

describe('media store configuration', () => {
  it('keeps media as files beside the embedded database, and in a PostgreSQL server’s tables, by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/idv' }).mediaStore).toEqual({ kind: 'files', dir: '/srv/idv/media' });
    expect(loadConfig({ DATA_DIR: '/srv/idv', DATABASE_URL: 'postgres://db/idv' }).mediaStore).toEqual({
      kind: 'database',
    });
    expect(loadConfig({ DATA_DIR: 'memory://' }).mediaStore).toEqual({ kind: 'database' });
    expect(loadConfig({ DATA_DIR: '/srv/idv', MEDIA_STORE: 'database' }).mediaStore).toEqual({
      kind: 'database',
    });
    expect(() => loadConfig({ DATA_DIR: 'memory://', MEDIA_STORE: 'files' })).toThrow(
      /MEDIA_STORE: files needs DATA_DIR to be a folder, not memory:\/\//,
    );
  });

  it('builds the S3 settings, with path-style addressing for a custom endpoint unless told otherwise', () => {
    const config = loadConfig({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'kyc-media',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.mediaStore).toEqual({
      kind: 's3',
      bucket: 'kyc-media',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      keyPrefix: 'media/',
      timeoutMs: 10_000,
    });
    const aws = loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'kyc-media', S3_REGION: 'eu-west-1' }).mediaStore;
    expect(aws).toMatchObject({ endpoint: undefined, credentials: undefined, forcePathStyle: false });
    const virtualHosted = loadConfig({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'kyc-media',
      S3_ENDPOINT: 'https://r2.example.com',
      S3_FORCE_PATH_STYLE: '0',
    }).mediaStore;
    expect(virtualHosted).toMatchObject({ forcePathStyle: false });
  });

  it('lists every S3 problem together', () => {
    expect(
      problemsOf({ MEDIA_STORE: 's3', S3_ACCESS_KEY_ID: 'id', S3_ENDPOINT: 'not a url', S3_TIMEOUT_MS: '0' }),
    ).toEqual(
      expect.arrayContaining([
        'S3_BUCKET: is required when MEDIA_STORE=s3',
        expect.stringMatching(
          /^S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together/,
        ),
        expect.stringMatching(/^S3_ENDPOINT: /),
        expect.stringMatching(/^S3_TIMEOUT_MS: /),
      ]),
    );
    expect(problemsOf({ MEDIA_STORE: 'ftp' })).toEqual([expect.stringMatching(/^MEDIA_STORE: /)]);
  });

  it('requires explicit keys in production, so none is generated beside the data', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'WEBHOOK_SECRET_KEY: is required when NODE_ENV=production (generated keys would sit in DATA_DIR)',
      'MEDIA_SIGNING_KEY: is required when NODE_ENV=production (generated keys would sit in DATA_DIR)',
      'DATA_ENCRYPTION_KEY: is required when NODE_ENV=production (generated keys would sit in DATA_DIR)',
    ]);
    const config = loadConfig({
      NODE_ENV: 'production',
      WEBHOOK_SECRET_KEY: 'a'.repeat(64),
      MEDIA_SIGNING_KEY: 'm'.repeat(32),
      DATA_ENCRYPTION_KEY: 'd'.repeat(64),
    });
    expect(config.production).toBe(true);
    expect(loadConfig({}).production).toBe(false);
  });

  it('takes a metrics token of at least 32 printable characters', () => {
    expect(loadConfig({ METRICS_TOKEN: 't'.repeat(32) }).metricsToken).toBe('t'.repeat(32));
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual([expect.stringMatching(/^METRICS_TOKEN: /)]);
  });
});

describe('the address the service names itself by default', () => {
  it('is localhost on a loopback or every-address HOST, where browsers allow passkeys', () => {
    expect(loadConfig({}).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }).publicBaseUrl).toBe('http://localhost:9000');
    expect(loadConfig({ HOST: '::1' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: 'idv.internal' }).publicBaseUrl).toBe('http://idv.internal:8080');
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://127.0.0.1:8080/' }).publicBaseUrl).toBe(
      'http://127.0.0.1:8080',
    );
  });

  it('names the problem when the console address cannot hold a passkey', () => {
    expect(passkeyAddressProblem('http://localhost:8080')).toBeNull();
    expect(passkeyAddressProblem('http://idv.localhost:8080')).toBeNull();
    expect(passkeyAddressProblem('https://idv.example.com')).toBeNull();
    expect(passkeyAddressProblem('http://127.0.0.1:8080')).toMatch(/IP address .*http:\/\/localhost:8080/);
    expect(passkeyAddressProblem('https://[::1]:8443')).toMatch(/IP address/);
    expect(passkeyAddressProblem('http://idv.example.com')).toMatch(/https/);
  });
});
