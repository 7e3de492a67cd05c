// npm ci refuses a lockfile that names an optional dependency it holds no entry for (this happens
// when the registry lacks a platform build). Lists such holes so they are fixed before CI meets them.
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const packages = lock.packages ?? {};
const missing = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${dep}`;
    if (!packages[nested] && !packages[`node_modules/${dep}`]) missing.push(`${path || '(root)'} → ${dep}`);
  }
}
if (missing.length) {
  console.error(
    `package-lock.json lacks ${missing.length} optional dependencies:\n  ${missing.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('package-lock.json: every optional dependency has an entry');
