import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../../core/logger.ts';

/**
 * The connection of one server process to Redis (REDIS_URL, docs/deploy-and-scale.md): what several
 * instances share — throttle counts, used ALTCHA payloads, and the drops of the public-menu cache.
 *
 * Redis is a help, never a dependency: commands are not queued while it is away (they fail at once),
 * so every user of the link falls back to its per-process behaviour, the outage is logged once, and
 * the link reconnects by itself. `onReconnect` tells who missed messages meanwhile.
 */
export interface RedisLink {
  /** Commands; fails at once while Redis is away. */
  readonly client: Redis;
  /** This process's id, so an instance skips the messages it published itself. */
  readonly instanceId: string;
  /** The name of a key or channel under this deployment's prefix (REDIS_KEY_PREFIX). */
  key(name: string): string;
  /** True while commands can be sent. */
  isUp(): boolean;
  /**
   * Sends a message to every instance (this one too); lost while Redis is away. Resolves once Redis
   * has taken it (or failed to), never rejects.
   */
  publish(channel: string, message: string): Promise<void>;
  /** Calls `handler` with each message of the channel, resubscribing after an outage. */
  subscribe(channel: string, handler: (message: string) => void): void;
  /** Calls `handler` when Redis answers again after an outage (messages may have been lost). */
  onReconnect(handler: () => void): void;
  /** Round trip to Redis for /api/health: true when it answered within a second. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const connectionOptions = {
  // No offline queue: a command while Redis is away fails at once and its caller falls back.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
  commandTimeout: 1_000,
  // Reconnect forever, at most every 2 s.
  retryStrategy: (times: number) => Math.min(times * 200, 2_000),
};

/** `prefix` goes before every key and channel, so several deployments (or tests) can share a Redis. */
export function createRedisLink(url: string, prefix: string, log: Logger): RedisLink {
  const client = new Redis(url, connectionOptions);
  // The subscriber queues its SUBSCRIBE until connected; ioredis subscribes again after a reconnect.
  const subscriber = new Redis(url, {
    ...connectionOptions,
    enableOfflineQueue: true,
    commandTimeout: undefined,
  });
  const handlers = new Map<string, ((message: string) => void)[]>();
  const reconnectHandlers: (() => void)[] = [];
  let down = false;
  let everUp = false;

  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: { message: err.message } },
      'Redis unreachable: serving with per-process throttles and cache until it returns',
    );
  });
  client.on('ready', () => {
    if (down || !everUp) log.info(everUp ? 'Redis is back: sharing state again' : 'Redis connected');
    const missed = down && everUp;
    down = false;
    everUp = true;
    if (missed) for (const handler of reconnectHandlers) handler();
  });
  client.on('close', () => {
    if (everUp && !down) {
      down = true;
      log.warn('Redis connection closed: serving with per-process throttles and cache until it returns');
    }
  });
  subscriber.on('error', () => undefined);
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });

  return {
    client,
    instanceId: randomUUID(),
    key: (name) => prefix + name,
    isUp: () => client.status === 'ready',
    async publish(channel, message) {
      if (client.status !== 'ready') return;
      await client.publish(prefix + channel, message).then(
        () => undefined,
        () => undefined,
      );
    },
    subscribe(channel, handler) {
      const name = prefix + channel;
      const list = handlers.get(name);
      if (list) list.push(handler);
      else {
        handlers.set(name, [handler]);
        subscriber.subscribe(name).catch(() => undefined);
      }
    },
    onReconnect(handler) {
      reconnectHandlers.push(handler);
    },
    async ping() {
      if (client.status !== 'ready') return false;
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      subscriber.disconnect();
      client.disconnect();
    },
  };
}
