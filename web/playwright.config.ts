import { defineConfig } from '@playwright/test';

// Runs against a real `topup serve` started by e2e/run.sh (BASE_URL), in
// Debian's Chromium: Playwright never downloads a browser here.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Tests, not whole files, are handed to the workers (all against the one
  // server; each test's own customer keeps them apart): a file of variants
  // (pages, admin screens) held one worker for minutes while the other sat
  // idle at the end. A file whose tests build on each other says so with
  // test.describe.configure({ mode: 'serial' }) (or 'default': in order,
  // one worker, no skipping after a failure).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:8080',
    // The client address (X-Forwarded-For) is each test's own: e2e/test.ts.
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
