/**
 * The poller of the adversarial CSV benchmark (bench/csv-adversarial.ts), a process of its own (not
 * a thread of the server's process, which shares its collector's helpers and its share of the
 * machine): between "start" and "stop" it GETs a public menu every 5 ms and answers how long each
 * answer took, and how late its own event loop ran, so that a slow answer can be told apart from
 * a poller that was not scheduled.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const POLL_EVERY_MS = 5;
const page = process.argv[2]!;
const send = (message: unknown) => process.send!(message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lag = monitorEventLoopDelay({ resolution: 5 });

let running = false;
let polling: Promise<{ times: number[]; failures: number }> | undefined;

async function poll() {
  const times: number[] = [];
  let failures = 0;
  while (running) {
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

process.on('message', async (message: string) => {
  if (message === 'start') {
    running = true;
    lag.reset();
    lag.enable();
    polling = poll();
    send('started');
  } else if (message === 'stop') {
    running = false;
    const result = await polling;
    lag.disable();
    send({ ...result, ownDelay: lag.max / 1e6 });
  } else if (message === 'exit') {
    process.exit(0);
  }
});
send('ready');
