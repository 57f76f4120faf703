// Prints "N passed, N failed" from vitest's JSON report. A failed run without a report (lint or
// type-check stopped it before the tests) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

const [reportPath, exitStatus] = process.argv.slice(2);
let passed = 0;
let failed = 0;
if (reportPath && existsSync(reportPath)) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  // A suite that failed to load has no tests counted: count it.
  for (const suite of report.testResults ?? []) {
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) failed += 1;
  }
}
if (Number(exitStatus) !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
