import type { RedisLink } from '../redis/index.ts';

/**
 * Drops of a cache shared between instances (REDIS_URL): each instance keeps its values in its own
 * memory, and tells the others over Redis pub/sub which key changed so they drop it too. Without a
 * link (one process) nothing travels. While Redis is away the drops are lost, so when it answers
 * again every instance is told to forget everything it cached (`onMissed`).
 */
export interface Invalidations {
  /** Tells every other instance that `key` changed. */
  publish(key: string): void;
  /**
   * Resolves once Redis has taken every drop published so far (undefined when none is on its way):
   * an answer waits for it, so a request to another instance after that answer finds the drop made.
   */
  published(): Promise<void> | undefined;
  /** `onDrop` for each key another instance changed; `onMissed` after an outage of Redis. */
  listen(onDrop: (key: string) => void, onMissed: () => void): void;
}

export function createInvalidations(link: RedisLink | null, channel: string): Invalidations {
  if (!link) return { publish() {}, published: () => undefined, listen() {} };
  const name = `cache:${channel}`;
  const sending = new Set<Promise<void>>();
  return {
    publish(key) {
      const sent = link.publish(name, `${link.instanceId} ${key}`).finally(() => sending.delete(sent));
      sending.add(sent);
    },
    published() {
      if (sending.size === 0) return undefined;
      return Promise.all(sending).then(() => undefined);
    },
    listen(onDrop, onMissed) {
      link.subscribe(name, (message) => {
        const space = message.indexOf(' ');
        if (space < 0 || message.slice(0, space) === link.instanceId) return;
        onDrop(message.slice(space + 1));
      });
      link.onReconnect(onMissed);
    },
  };
}
