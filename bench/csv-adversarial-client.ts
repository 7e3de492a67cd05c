/**
 * The client side of the adversarial CSV benchmark (bench/csv-adversarial.ts), in worker threads so
 * that nothing but the server runs on the server's event loop. Two roles, one thread each, so that
 * building and sending a 10 MB file never delays a poll:
 * - "upload" builds each file in turn, tells the main thread it is about to send it ("begin"), sends
 *   it when told to ("go") and reports the answer ("end");
 * - "poll" GETs the other tenant's public menu every 5 ms between "start" and "stop", and reports
 *   how long each answer took.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { cases } from './csv-adversarial-files.ts';

const POLL_EVERY_MS = 5;

interface Setup {
  role: 'upload' | 'poll';
  origin: string;
  token: string;
  page: string;
  only?: string;
}

const { role, origin, token, page, only } = workerData as Setup;
const port = parentPort!;
const reply = <T>() => new Promise<T>((resolve) => port.once('message', resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function poll(running: () => boolean) {
  const times: number[] = [];
  let failures = 0;
  while (running()) {
    const started = performance.now();
    try {
      const response = await fetch(page);
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
    } catch {
      failures++;
    }
    times.push(performance.now() - started);
    await sleep(POLL_EVERY_MS);
  }
  return { times, failures };
}

if (role === 'poll') {
  let running = false;
  let polling: ReturnType<typeof poll> | undefined;
  port.on('message', async (message: string) => {
    if (message === 'start') {
      running = true;
      polling = poll(() => running);
      port.postMessage('started');
    } else if (message === 'stop') {
      running = false;
      port.postMessage(await polling);
    }
  });
} else {
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
}
