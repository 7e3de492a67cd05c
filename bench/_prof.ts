import { readCsv, splitList } from '../apps/server/src/features/csv-import/csv-reader.ts';

const lines = ['name,available,dishes'];
for (let r = 0; r < 9; r++) {
  const names: string[] = [];
  let len = 0;
  for (let i = 0; len < 1_000_000; i++) {
    const n = `Unknown dish ${i}`;
    names.push(n);
    len += n.length + 1;
  }
  lines.push(`Big ${r},yes,"${names.join('|')}"`);
}
const csv = Buffer.from(lines.join('\n'));
for (let k = 0; k < 3; k++) {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 1);
  const t0 = performance.now();
  const rows = await readCsv(csv, { required: ['name'] });
  for (const row of rows) splitList(row.cells.dishes);
  console.log(
    'bytes',
    csv.length,
    'rows',
    rows.length,
    'ms',
    (performance.now() - t0).toFixed(0),
    'gap',
    worst.toFixed(0),
  );
  clearInterval(timer);
}
