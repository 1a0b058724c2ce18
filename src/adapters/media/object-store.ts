import {
  paginateListObjectsV2,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ApiError } from '../../core/errors.js';
import type { MediaObjectStore } from '../../ports/media-objects.js';

export type S3MediaStoreOptions = {
  bucket: string;
  /** Unset for AWS itself; the address of MinIO, R2, Ceph, etc. otherwise. */
  endpoint?: string | undefined;
  region: string;
  /** Unset to use the SDK's default credential chain (instance role, shared config). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  keyPrefix: string;
  /** Per request, including each retry. */
  timeoutMs: number;
};

/**
 * An S3-compatible bucket through the AWS SDK. Checksums are sent only where the S3 API requires
 * them: the SDK's newer default (CRC32 on every request, in aws-chunked bodies) is refused by many
 * S3-compatible servers. Any storage failure on write or read is a 503 `media_store_unavailable`.
 */
export function createS3MediaStore(options: S3MediaStoreOptions): MediaObjectStore & { close(): void } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: options.timeoutMs, requestTimeout: options.timeoutMs },
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => `${options.keyPrefix}${key}`;
  const unavailable = (cause: unknown): never => {
    throw new ApiError('media_store_unavailable', {}, { cause });
  };

  return {
    location: `s3://${Bucket}/${options.keyPrefix}${options.endpoint ? ` at ${new URL(options.endpoint).host}` : ''}`,

    async put(key, bytes, contentType) {
      await client
        .send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: contentType }))
        .catch(unavailable);
    },

    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        return unavailable(error);
      }
    },

    async remove(keys) {
      if (keys.length === 0) return;
      await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: keys.map((key) => ({ Key: objectKey(key) })), Quiet: true },
        }),
      );
    },

    async *list() {
      const pages = paginateListObjectsV2({ client }, { Bucket, Prefix: options.keyPrefix, MaxKeys: 1000 });
      for await (const page of pages) {
        yield (page.Contents ?? []).flatMap((object) =>
          object.Key?.startsWith(options.keyPrefix) && object.LastModified
            ? [{ key: object.Key.slice(options.keyPrefix.length), writtenAt: object.LastModified }]
            : [],
        );
      }
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return { ok: true };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.name : String(error) };
      }
    },

    close: () => client.destroy(),
  };
}
