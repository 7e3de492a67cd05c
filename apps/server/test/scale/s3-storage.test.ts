import type { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { MediaItem, MediaUploadResult } from '@carte/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../src/adapters/storage/index.ts';
import { startTestApp, type TestApp } from '../app.ts';
import { ownerWithToken } from '../factories.ts';
import { startS3 } from './s3-server.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
let cdn: TestApp;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3();
  t = await startTestApp(s3.env);
  cdn = await startTestApp({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.carte.test/media/' });
  client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await cdn?.close();
  client?.destroy();
  await s3?.remove();
});

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const keysInBucket = async (prefix: string) => {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key).sort();
};

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2f9e44' } })
    .png()
    .toBuffer();

async function upload(app: TestApp, token: string, name: string): Promise<MediaItem> {
  const form = new FormData();
  form.append('images[0]', new Blob([new Uint8Array(await picture(900, 700))], { type: 'image/png' }), name);
  const answer = await app.call<MediaUploadResult>({
    method: 'POST',
    url: '/api/restaurants/upload-media',
    token,
    payload: form,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.message.data[0]!;
}

describe('STORAGE=s3 against a real S3-compatible server (s3rver)', () => {
  it('puts, gets and deletes through the storage port, with the content type kept', async () => {
    const storage = createStorage({
      storage: 's3',
      dataDir: '/nonexistent',
      s3: { bucket: s3.bucket, endpoint: s3.endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const key = 'restaurants/0123456789abcdef01234567/logo.webp';
    await storage.put(key, Buffer.from('fake webp bytes'), 'image/webp');
    const found = await storage.get(key);
    expect(found).toMatchObject({ contentType: 'image/webp', size: 15 });
    expect((await read(found!.body)).toString()).toBe('fake webp bytes');
    expect(storage.url(key)).toBe(`/media/${key}`);
    expect(await storage.check()).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // twice is fine
    expect(() => storage.url('../escape')).toThrow();
  });

  it("stores an upload's variants in the bucket, serves them at /media/, and deletes them with the item", async () => {
    const owner = await ownerWithToken(t);
    const item = await upload(t, owner.token, 'salad.png');
    expect(await keysInBucket(item.key)).toEqual(
      ['card', 'full', 'thumb'].map((variant) => `${item.key}/${variant}.webp`),
    );
    for (const url of Object.values(item.imageVariants)) {
      expect(url).toMatch(/^\/media\//);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
    const thumb = await sharp(
      (await t.app.inject({ method: 'GET', url: item.imageVariants.thumb })).rawPayload,
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([600, 600]);

    const removed = await t.call({
      method: 'DELETE',
      url: '/api/restaurants/media',
      token: owner.token,
      payload: { fileName: 'salad.png' },
    });
    expect(removed.status).toBe(200);
    expect(await keysInBucket(item.key)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: item.image })).statusCode).toBe(404);
  });

  it('points pages at the public base URL (a CDN) when S3_PUBLIC_URL is set, and allows it in the CSP', async () => {
    const owner = await ownerWithToken(cdn);
    const item = await upload(cdn, owner.token, 'soup.png');
    for (const url of [item.image, ...Object.values(item.imageVariants)])
      expect(url.startsWith(`https://cdn.carte.test/media/${item.key}/`), url).toBe(true);
    // The object behind the public address is the one in the bucket.
    expect(await keysInBucket(item.key)).toHaveLength(3);
    const page = await cdn.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(page.headers['content-security-policy'])).toMatch(
      /img-src [^;]*https:\/\/cdn\.carte\.test/,
    );
  });

  it('reports the storage in /api/health: ok, then degraded while the S3 server is away', async () => {
    expect((await t.call({ method: 'GET', url: '/api/health' })).body.message).toMatchObject({
      status: 'ok',
      database: 'ok',
      redis: 'off',
      storage: 'ok',
    });
    await s3.stop();
    try {
      const health = await t.call({ method: 'GET', url: '/api/health' });
      expect(health.status).toBe(200);
      expect(health.body.message).toMatchObject({ status: 'degraded', storage: 'down' });
    } finally {
      await s3.start();
    }
    expect((await t.call({ method: 'GET', url: '/api/health' })).body.message).toMatchObject({
      storage: 'ok',
    });
  });
});
