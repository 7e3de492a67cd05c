import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage.ts';

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

/**
 * Keys are relative paths of simple segments (`restaurants/ab12/logo.webp`). A segment may not start
 * with a dot, so `.`/`..` can never climb out of the uploads folder, and the `.meta` folder and the
 * temporary files below stay out of reach of any key.
 */
const segmentPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  if (
    key.length > 512 ||
    segments.length > 16 ||
    !segments.every((segment) => segmentPattern.test(segment))
  ) {
    throw new InvalidStorageKeyError(key);
  }
}

const typesByExtension: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.txt': 'text/plain',
};

const contentTypeOf = (key: string) =>
  typesByExtension[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/**
 * STORAGE=disk: files under `{DATA_DIR}/uploads/{key}`, their content type in
 * `{DATA_DIR}/uploads/.meta/{key}.json`. Writes go to a temporary file first and are renamed into
 * place, so a reader never sees half a file.
 */
export function createDiskStorage(options: { dataDir: string }): Storage {
  const root = path.resolve(options.dataDir, 'uploads');
  const metaRoot = path.join(root, '.meta');

  const locate = (key: string) => {
    assertStorageKey(key);
    const file = path.resolve(root, key);
    // The pattern already forbids escaping; this keeps it impossible if the pattern ever changes.
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return { file, meta: path.join(metaRoot, `${key}.json`) };
  };

  const writeAtomically = async (target: string, data: Buffer | string) => {
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      await writeFile(temporary, data);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };

  return {
    kind: 'disk',
    async put(key, body, contentType) {
      const { file, meta } = locate(key);
      await writeAtomically(meta, JSON.stringify({ contentType }));
      await writeAtomically(file, body);
    },
    async get(key) {
      const { file, meta } = locate(key);
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        size = info.size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      let contentType = contentTypeOf(key);
      try {
        const stored = JSON.parse(await readFile(meta, 'utf8')) as { contentType?: unknown };
        if (typeof stored.contentType === 'string' && stored.contentType) contentType = stored.contentType;
      } catch {
        // No sidecar (a file copied in by hand): the extension decides.
      }
      return { body: createReadStream(file), contentType, size };
    },
    async delete(key) {
      const { file, meta } = locate(key);
      await rm(file, { force: true });
      await rm(meta, { force: true });
    },
    url(key) {
      assertStorageKey(key);
      return `/media/${key}`;
    },
    async check() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.R_OK | constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}
