import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { freePort } from '../free-port.ts';
import { waitFor } from '../wait-for.ts';

/** True when something answers PING on host:port within a second. */
export function redisAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/**
 * The machine's Redis (127.0.0.1:6379), which `.ci/run` installs and starts when none answers. A
 * missing Redis fails the test with this message: nothing is skipped.
 */
export async function machineRedis(): Promise<{ url: string; prefix: string }> {
  if (!(await redisAnswers(6379)))
    throw new Error(
      'No Redis answers on 127.0.0.1:6379: install and start one (Debian: apt-get install redis-server; redis-server --daemonize yes). .ci/run does it.',
    );
  return { url: 'redis://127.0.0.1:6379', prefix: `carte-test-${randomBytes(4).toString('hex')}:` };
}

/** A private redis-server on a free port, which a test may stop and start again (the same port). */
export interface PrivateRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    child.once('error', (error) => {
      throw new Error(`redis-server could not start (is Debian's redis-server installed?): ${error.message}`);
    });
    await waitFor(() => redisAnswers(port), {
      timeout: 20_000,
      interval: 50,
      message: `redis-server answering on port ${port}`,
    });
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
