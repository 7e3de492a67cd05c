import { parse } from 'csv-parse/sync';

for (const n of [25_000, 50_000, 100_000]) {
  for (const [name, text] of [
    ['",\\n"', `name\n${',\n'.repeat(n)}A\n`],
    ['"a\\n"', `name\n${'a\n'.repeat(n)}`],
    ['"a,\\n"', `name\n${'a,\n'.repeat(n)}`],
  ] as const) {
    const t0 = performance.now();
    parse(text, { relax_column_count: true });
    console.log(n, name, (performance.now() - t0).toFixed(0));
  }
}
