// Prints the plain closing line "N passed, N failed" from vitest's JSON report, so any reader of the
// CI log (human or machine) sees how many tests ran.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(new URL('../test-results/vitest.json', import.meta.url), 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(report.numFailedTests > 0 || report.numTotalTests === 0 ? 1 : 0);
