// Ends every run with one plain line, "N passed, N failed, N skipped", that CI can read.
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly outcome = new Map<TestCase, TestResult['status']>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcome.set(test, result.status);
  }

  onEnd(): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const status of this.outcome.values()) {
      if (status === 'passed') passed++;
      else if (status === 'skipped') skipped++;
      else failed++;
    }
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
