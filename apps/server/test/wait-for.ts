export interface WaitOptions {
  /** How long the condition may take, in ms (10 s). */
  timeout?: number;
  /** How often it is checked, in ms (100). */
  interval?: number;
  /** What was awaited, for the error thrown when it does not come. */
  message?: string;
}

/**
 * Waits for an event: checks `condition` at once, then every `interval` ms until it answers a
 * truthy value, which it answers; throws after `timeout` ms. The one place the server tests and the
 * journeys pause, always on a condition and with a deadline, never for a fixed time.
 */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  options: WaitOptions = {},
): Promise<NonNullable<T>> {
  const { timeout = 10_000, interval = 100, message = 'condition' } = options;
  const deadline = Date.now() + timeout;
  while (true) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() >= deadline) throw new Error(`${message}: not met within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
