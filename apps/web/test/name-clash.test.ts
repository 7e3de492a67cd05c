import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/api-error.ts';
import { withCopyName } from '../src/api/name-clash.ts';

/** A server that already has these names (any case) and answers 412 for them, like the copy routes. */
function serverWith(...taken: string[]) {
  const tried: string[] = [];
  const copy = async (name: string) => {
    tried.push(name);
    if (taken.some((existing) => existing.toLowerCase() === name.toLowerCase())) {
      throw new ApiError(412, 'An item with this name already exists');
    }
    return { name };
  };
  return { tried, copy };
}

describe('a clone or copy named "X (copy)", retried on a name clash (doc 1 §4)', () => {
  it('is named with the suffix at the first try', async () => {
    const server = serverWith();
    expect(await withCopyName('Dinner', server.copy)).toEqual({ name: 'Dinner (copy)' });
    expect(server.tried).toEqual(['Dinner (copy)']);
  });

  it('adds another " (copy)" while the server answers 412', async () => {
    const server = serverWith('Dinner (copy)', 'DINNER (COPY) (COPY)');
    expect(await withCopyName('Dinner', server.copy)).toEqual({ name: 'Dinner (copy) (copy) (copy)' });
    expect(server.tried).toEqual(['Dinner (copy)', 'Dinner (copy) (copy)', 'Dinner (copy) (copy) (copy)']);
  });

  it('gives up after eight clashes and reports the clash', async () => {
    const names = Array.from({ length: 8 }, (_, index) => `Dinner${' (copy)'.repeat(index + 1)}`);
    const server = serverWith(...names);
    await expect(withCopyName('Dinner', server.copy)).rejects.toMatchObject({ status: 412 });
    expect(server.tried).toEqual(names);
  });

  it('does not retry any other failure (the caller shows "Menu can not be created")', async () => {
    const tried: string[] = [];
    const failing = async (name: string) => {
      tried.push(name);
      throw new ApiError(404, 'Menu not found');
    };
    await expect(withCopyName('Dinner', failing)).rejects.toMatchObject({ status: 404 });
    expect(tried).toEqual(['Dinner (copy)']);
  });
});
