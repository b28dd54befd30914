import { defineConfig } from '@playwright/test';

export default defineConfig({
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  workers: 2,
  reporter: [['list'], ['./scripts/summary-reporter.ts']],
  projects: [
    // Pure TypeScript: the core, the CLI, the kit's helpers. No browser.
    { name: 'unit', testDir: 'src', testMatch: '**/*.test.ts' },
    // A real Chromium with the built extension.
    { name: 'e2e', testDir: 'e2e', testMatch: '**/*.spec.ts', timeout: 30_000 },
  ],
});
