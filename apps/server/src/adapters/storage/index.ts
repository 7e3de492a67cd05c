import type { Config } from '../../config.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { Storage } from './storage.ts';

export { assertStorageKey, InvalidStorageKeyError } from './disk-storage.ts';
export type { Storage } from './storage.ts';

export function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): Storage {
  switch (config.storage) {
    case 'disk':
      return createDiskStorage({ dataDir: config.dataDir });
    case 's3':
      // The Storage interface is ready for an S3 implementation; it is not written yet.
      throw new Error('STORAGE=s3 is not available yet; use STORAGE=disk');
  }
}
