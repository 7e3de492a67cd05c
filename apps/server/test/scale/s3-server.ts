import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A real S3-compatible server (s3rver, files in a temporary folder) with one bucket. */
export async function startS3(bucket = 'carte-media', port = 0) {
  const directory = mkdtempSync(path.join(tmpdir(), 'carte-s3-'));
  let server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    bucket,
    endpoint,
    /** The settings a server needs to store in this bucket. */
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    directory,
    async stop() {
      await server.close();
    },
    /** Starts again on the same port and folder (the bucket and its files are kept). */
    async start() {
      server = new S3rver({
        port: address.port,
        address: '127.0.0.1',
        silent: true,
        directory,
        configureBuckets: [{ name: bucket }],
      });
      await server.run();
    },
    async remove() {
      await server.close().catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
