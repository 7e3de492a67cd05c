import { describe, expect, it } from 'vitest';
import { type AskStores, type KeyValueStore, recordContinue, shouldAsk } from '../src/ui/ask-once.ts';

const memory = (): KeyValueStore => {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
};
const stores = (): AskStores => ({ session: memory(), kept: memory() });

describe('"…anyway?" asked once', () => {
  it('asks each kind once per session, after the user chose to continue', () => {
    const browser = stores();
    expect(shouldAsk(browser, 'noor', 'dish-without-ingredients')).toBe(true);
    recordContinue(browser, 'noor', 'dish-without-ingredients', false);
    expect(shouldAsk(browser, 'noor', 'dish-without-ingredients')).toBe(false);
    // Another kind, and another user of the same browser, are still asked.
    expect(shouldAsk(browser, 'noor', 'category-without-dishes')).toBe(true);
    expect(shouldAsk(browser, 'sam', 'dish-without-ingredients')).toBe(true);
    // A new session asks again.
    expect(shouldAsk({ ...browser, session: memory() }, 'noor', 'dish-without-ingredients')).toBe(true);
  });

  it('keeps "Don’t ask again" past the session, for that user only', () => {
    const browser = stores();
    recordContinue(browser, 'noor', 'category-without-dishes', true);
    const nextSession = { ...browser, session: memory() };
    expect(shouldAsk(nextSession, 'noor', 'category-without-dishes')).toBe(false);
    expect(shouldAsk(nextSession, 'sam', 'category-without-dishes')).toBe(true);
  });

  it('asks, as before, when the browser keeps nothing', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    const browser = { session: broken, kept: undefined };
    recordContinue(browser, 'noor', 'dish-without-ingredients', true);
    expect(shouldAsk(browser, 'noor', 'dish-without-ingredients')).toBe(true);
  });
});
