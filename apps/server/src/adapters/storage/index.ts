import type { Config } from '../../config.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export { assertStorageKey, InvalidStorageKeyError } from './disk-storage.ts';
export type { Storage } from './storage.ts';

export function createStorage(
  config: Pick<Config, 'storage' | 'dataDir'> & Partial<Pick<Config, 's3'>>,
): Storage {
  switch (config.storage) {
    case 'disk':
      return createDiskStorage({ dataDir: config.dataDir });
    case 's3': {
      const { bucket, ...rest } = config.s3 ?? {};
      if (!bucket) throw new Error('S3_BUCKET is required when STORAGE=s3');
      return createS3Storage({ bucket, ...rest });
    }
  }
}

/** The other origin browsers fetch stored files from (S3_PUBLIC_URL), for Content-Security-Policy. */
export function mediaOrigin(config: Pick<Config, 'storage' | 's3'>): string | undefined {
  return config.storage === 's3' && config.s3.publicUrl ? new URL(config.s3.publicUrl).origin : undefined;
}
