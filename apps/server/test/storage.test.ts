import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createStorage, InvalidStorageKeyError } from '../src/adapters/storage/index.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-storage-'));
const storage = createStorage({ storage: 'disk', dataDir });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('disk storage', () => {
  it('puts, gets and deletes a file under DATA_DIR/uploads', async () => {
    const key = 'restaurants/0123456789abcdef01234567/logo.webp';
    const body = Buffer.from('RIFF....WEBPVP8 fake image bytes');
    await storage.put(key, body, 'image/webp');
    expect(existsSync(path.join(dataDir, 'uploads', key))).toBe(true);

    const found = await storage.get(key);
    expect(found).toMatchObject({ contentType: 'image/webp', size: body.length });
    expect(await read(found!.body)).toEqual(body);
    expect(storage.url(key)).toBe(`/media/${key}`);

    await storage.put(key, Buffer.from('v2'), 'image/png');
    const replaced = await storage.get(key);
    expect(replaced).toMatchObject({ contentType: 'image/png', size: 2 });
    expect((await read(replaced!.body)).toString()).toBe('v2');

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // deleting twice is fine
    // No temporary files are left behind.
    expect(readdirSync(path.join(dataDir, 'uploads', 'restaurants/0123456789abcdef01234567'))).toEqual([]);
  });

  it('answers null for a key that does not exist', async () => {
    expect(await storage.get('nothing/here.png')).toBeNull();
  });

  it.each([
    '../escape.txt',
    'a/../../escape.txt',
    '/etc/passwd',
    '..',
    '.',
    '',
    'a//b.png',
    'a/./b.png',
    'a\\..\\b.png',
    '.meta/x.png.json',
    'a/.hidden',
    'a/b.png\0.txt',
    'x'.repeat(600),
  ])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(() => storage.url(key)).toThrow(InvalidStorageKeyError);
    expect(existsSync(path.join(dataDir, 'escape.txt'))).toBe(false);
  });

  it('names S3_BUCKET when STORAGE=s3 has no bucket (S3 itself: test/scale/s3-storage.test.ts)', () => {
    expect(() => createStorage({ storage: 's3', dataDir })).toThrow('S3_BUCKET is required');
  });
});
