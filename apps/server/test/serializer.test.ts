import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  SAMPLE_SIZE,
  sampledSerializerCompiler,
  writeLargeAnswersYielding,
  writeYielding,
} from '../src/http/serializer.ts';

/** The envelope of a list of dishes, as a route declares its answer. */
const schema = z.object({
  statusCode: z.number(),
  confirmation: z.literal('Success'),
  message: z.array(z.object({ _id: z.string(), name: z.string(), price: z.number() })),
});
const serialize = sampledSerializerCompiler({ schema, method: 'GET', url: '/api/dishes', httpStatus: '200' });
const dishes = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ _id: `d${i}`, name: `Dish ${i}`, price: i }));
const envelope = (message: unknown) => ({ statusCode: 200, confirmation: 'Success', message });

describe('the response serializer (issue 21: large lists are checked on a sample)', () => {
  it('writes a large list exactly as the full check would', () => {
    const data = envelope(dishes(10_000));
    expect(serialize(data)).toBe(JSON.stringify(data));
  });

  it('drops a field the schema does not name, whatever the size (never a hash on the wire)', () => {
    for (const count of [3, 10_000]) {
      const leaky = dishes(count).map((dish) => ({ ...dish, passwordHash: 'secret' }));
      const text = serialize(envelope(leaky)) as string;
      expect(text).not.toContain('passwordHash');
      expect(JSON.parse(text).message).toHaveLength(count);
    }
  });

  it('refuses a small list that breaks its schema, and a large one whose sample does', () => {
    const small = dishes(3).map((dish, i) => (i === 1 ? { ...dish, price: 'free' } : dish));
    expect(() => serialize(envelope(small))).toThrow();
    const large = dishes(5_000).map((dish, i) => (i === SAMPLE_SIZE - 1 ? { ...dish, price: 'free' } : dish));
    expect(() => serialize(envelope(large))).toThrow();
  });

  it('samples a list held in a field of the message too', () => {
    const nested = z.object({
      statusCode: z.number(),
      confirmation: z.literal('Success'),
      message: z.object({ total: z.number(), dishes: z.array(z.object({ _id: z.string() })) }),
    });
    const write = sampledSerializerCompiler({ schema: nested, method: 'GET', url: '/x', httpStatus: '200' });
    const data = envelope({ total: 2_000, dishes: dishes(2_000).map(({ _id }) => ({ _id })) });
    expect(write(data)).toBe(JSON.stringify(data));
    const leaky = envelope({ total: 2_000, dishes: dishes(2_000) });
    expect(JSON.parse(write(leaky) as string).message.dishes[0]).toEqual({ _id: 'd0' });
  });
});

describe('large answers are written without holding the loop (issue 21)', () => {
  it('writes the same bytes as JSON.stringify, whatever the shape', async () => {
    const at = new Date('2026-11-28T10:00:00Z');
    const samples = [
      envelope(dishes(2_000)),
      envelope({ total: 2, undefinedField: undefined, at, rows: dishes(60), small: [1, undefined, 'é"\\'] }),
      { ...envelope([...dishes(70), undefined, null, at, { nested: { deep: [1, 2, { x: undefined }] } }]) },
      envelope('plain'),
    ];
    for (const value of samples) {
      expect((await writeYielding(value)).toString('utf8')).toBe(JSON.stringify(value));
    }
  });

  it('lets other work run while a large list is written', async () => {
    const big = envelope(
      Array.from({ length: 40_000 }, (_, i) => ({ _id: `d${i}`, name: `Dish ${i}`, text: 'x'.repeat(200) })),
    );
    let ranBetween = false;
    let done = false;
    const writing = writeYielding(big).then(() => {
      done = true;
    });
    setImmediate(() => {
      ranBetween = !done;
    });
    await writing;
    expect(ranBetween).toBe(true);
  });

  it('answers a large list through a route exactly as before, with its schema still applied', async () => {
    const app = Fastify();
    app.setSerializerCompiler(sampledSerializerCompiler);
    writeLargeAnswersYielding(app);
    app.get('/api/dishes', { schema: { response: { 200: schema } } }, async () => envelope(dishes(5_000)));
    app.get('/api/leaky', { schema: { response: { 200: schema } } }, async () =>
      envelope(dishes(5_000).map((dish) => ({ ...dish, passwordHash: 'secret' }))),
    );
    app.get('/api/free', async () => envelope(dishes(5_000)));
    const listed = await app.inject('/api/dishes');
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    expect(listed.body).toBe(JSON.stringify(envelope(dishes(5_000))));
    const leaky = await app.inject('/api/leaky');
    expect(leaky.body).not.toContain('passwordHash');
    expect(JSON.parse(leaky.body).message).toHaveLength(5_000);
    expect((await app.inject('/api/free')).body).toBe(JSON.stringify(envelope(dishes(5_000))));
    await app.close();
  });
});
