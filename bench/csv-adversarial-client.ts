/**
 * The uploader of the adversarial CSV benchmark (bench/csv-adversarial.ts), in a worker thread so
 * that building and sending 10 MB files never runs on the server's event loop: it builds each file
 * in turn, tells the main thread it is about to send it ("begin"), sends it when told to ("go") and
 * reports the answer ("end").
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { cases } from './csv-adversarial-files.ts';

interface Setup {
  origin: string;
  token: string;
  only?: string;
}

const { origin, token, only } = workerData as Setup;
const port = parentPort!;
const reply = <T>() => new Promise<T>((resolve) => port.once('message', resolve));

for (const { kind, name, csv } of cases()) {
  if (only && !`${kind} ${name}`.includes(only)) continue;
  const file = Buffer.from(csv());
  const form = new FormData();
  form.append('csv', new Blob([file]), `${kind}.csv`);
  port.postMessage({ type: 'begin', kind, name, bytes: file.length });
  await reply();
  const started = performance.now();
  const response = await fetch(`${origin}/api/${kind}/upload-csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { message: unknown };
  const seconds = (performance.now() - started) / 1000;
  port.postMessage({ type: 'end', status: response.status, seconds, message: body.message });
  await reply();
}
port.postMessage({ type: 'done' });
