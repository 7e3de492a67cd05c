import type { TrustProxy } from '../config.ts';

type FastifyTrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify turns a bare hop count into "trust nobody" (it cannot
 * check the peer), so a count becomes the function proxy-addr applies to it: the `hops` addresses
 * nearest the server are proxies, and the client is the entry of X-Forwarded-For just before them.
 */
export function trustProxyOption(setting: TrustProxy): FastifyTrustProxy {
  if (typeof setting === 'number') {
    const hops = setting;
    return (_address, hop) => hop < hops;
  }
  return setting;
}
