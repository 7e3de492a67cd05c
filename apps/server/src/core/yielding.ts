import { setImmediate as yieldToLoop } from 'node:timers/promises';

/** The longest a long piece of work holds the event loop before it lets other requests run. */
export const YIELD_EVERY_MS = 2;

/** How many items pass between two looks at the clock. */
const CHECK_EVERY = 32;

/**
 * A pause to await between the items of a long loop: it lets the event loop go once
 * YIELD_EVERY_MS have passed since the last time, and is a no-op otherwise. One answer of 10,000
 * dishes was 50 ms of presenting and 100 ms of writing in one piece, during which no other request,
 * a diner's page included, could run (issue 21).
 */
export function yieldingPause(budgetMs = YIELD_EVERY_MS) {
  let since = performance.now();
  let count = 0;
  return async () => {
    if (++count % CHECK_EVERY !== 0 || performance.now() - since < budgetMs) return;
    await yieldToLoop();
    since = performance.now();
  };
}

/** `items.map(present)`, letting the event loop go every few milliseconds (`yieldingPause`). */
export async function mapYielding<T, U>(items: readonly T[], present: (item: T) => U): Promise<U[]> {
  const pause = yieldingPause();
  const out: U[] = [];
  for (const item of items) {
    out.push(present(item));
    await pause();
  }
  return out;
}
