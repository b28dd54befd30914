// Ends every run with one plain line, "N passed, N failed, N skipped", that CI can read.
import type { Reporter, TestCase } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly tests = new Set<TestCase>();

  onTestEnd(test: TestCase): void {
    this.tests.add(test);
  }

  onEnd(): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    // By outcome, as Playwright judges it: a test.fail() that fails is expected, so it passed.
    for (const test of this.tests) {
      const outcome = test.outcome();
      if (outcome === 'skipped') skipped++;
      else if (outcome === 'unexpected') failed++;
      else passed++;
    }
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
