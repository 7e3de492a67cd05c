/**
 * Stands in for zod in the public menu's bundle only (vite.public.config.ts). The page uses a few
 * pure rules of @carte/domain (filters, schedule, contrast) whose modules also build zod schemas at
 * load; the page never validates with them, so every builder here is a no-op chain and zod's ~40 KB
 * gzip stay out of the diner's download. Validating through it fails loudly rather than passing.
 */
const refuse = () => {
  throw new Error('zod is not bundled in the public menu script');
};

const chain: unknown = new Proxy(() => chain, {
  get: (_target, key) => {
    if (key === 'parse' || key === 'safeParse' || key === 'parseAsync' || key === 'safeParseAsync')
      return refuse;
    if (key === Symbol.toPrimitive) return () => '';
    if (key === 'then') return undefined;
    return chain;
  },
  apply: () => chain,
  construct: () => chain as object,
});

export const z = chain;
export default chain;
