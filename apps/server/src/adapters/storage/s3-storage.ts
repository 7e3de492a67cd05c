import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey } from './disk-storage.ts';
import type { Storage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region?: string;
  /** Another S3-compatible service (MinIO, Garage, R2, s3rver…): its address; path-style requests. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers fetch files (a CDN or the bucket's public address); unset: `/media/{key}` here. */
  publicUrl?: string;
}

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * STORAGE=s3: files in a bucket of S3 or any S3-compatible service, under the same keys as on disk,
 * with their content type and a year-long immutable cache header (keys are random and files never
 * change). Every instance sees every upload. Without S3_PUBLIC_URL the server keeps serving them at
 * `/media/{key}`, read from the bucket; with it, pages point at that address (a CDN) directly.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;
  const publicUrl = options.publicUrl?.replace(/\/$/, '');

  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      // Deleting a key that does not exist succeeds on S3, as on disk.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    url(key) {
      assertStorageKey(key);
      return publicUrl ? `${publicUrl}/${key}` : `/media/${key}`;
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(2_000) });
        return true;
      } catch {
        return false;
      }
    },
  };
}
