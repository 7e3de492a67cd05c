import type { Readable } from 'node:stream';

/** Uploaded files (decisions §2): `disk` under DATA_DIR/uploads now, `s3` later behind the same interface. */
export interface Storage {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when the key does not exist. */
  get(key: string): Promise<{ body: Readable; contentType: string; size: number } | null>;
  delete(key: string): Promise<void>;
  /** The public path the file is served at, e.g. `/media/{key}`. */
  url(key: string): string;
}
