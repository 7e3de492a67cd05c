import type { Readable } from 'node:stream';

/** Uploaded files (decisions §2): `disk` under DATA_DIR/uploads, or an S3-compatible bucket (`s3`). */
export interface Storage {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when the key does not exist. */
  get(key: string): Promise<{ body: Readable; contentType: string; size: number } | null>;
  delete(key: string): Promise<void>;
  /** The public path the file is served at, e.g. `/media/{key}`, or a CDN's address (S3_PUBLIC_URL). */
  url(key: string): string;
  /** True when files can be stored and read now (/api/health). */
  check(): Promise<boolean>;
}
