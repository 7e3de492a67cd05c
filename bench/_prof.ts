import { readCsv } from '../apps/server/src/features/csv-import/csv-reader.ts';

const variants: [string, Buffer][] = [
  ['commas in a data row', Buffer.from(`name,dishes\nA,${','.repeat(9_000_000)}\n`)],
  ['commas in the header', Buffer.from(`name${',x'.repeat(400_000)}\nA\n`)],
  ['1001 columns', Buffer.from(`name${',x'.repeat(1000)}\nA\n`)],
  ['1001 cells in a row', Buffer.from(`name\nA${','.repeat(1000)}\n`)],
  ['blank rows', Buffer.from(`name\n${',\n'.repeat(4_500_000)}A\n`)],
  ['tiny rows', Buffer.from(`name\n${'a\n'.repeat(10_000)}`)],
];
for (const [name, buf] of variants) {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 1);
  const t0 = performance.now();
  let result: string;
  try {
    result = `rows ${(await readCsv(buf, { required: ['name'] })).length}`;
  } catch (e) {
    result = String((e as Error).message);
  }
  clearInterval(timer);
  console.log(name, result, 'ms', (performance.now() - t0).toFixed(0), 'gap', worst.toFixed(0));
}
