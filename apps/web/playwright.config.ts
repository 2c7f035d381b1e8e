/**
 * End-to-end tests against the real server (which serves the built web app): `npm run test:e2e`
 * at the root builds the web app first. Chromium is Debian's (never downloaded): its headless shell
 * when installed (`apt-get install chromium-headless-shell`), else the full browser.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Debian's chromium-headless-shell (the headless-only build of the same Chromium, which Playwright
// itself uses for headless runs) took half the time of the full browser in headless mode for the
// same specs on this 2-core machine (accessibility's public pages: 107 s against 217 s): the full
// browser also runs its own UI's renderers and compositor. The full browser is the fallback.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// E2E_PORT lets two runs share a machine (CI uses the default).
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

// A fresh database per run. Workers load this file too: only the main process clears the folder.
const dataDir = path.join(os.tmpdir(), `painlab-e2e-${process.pid}`);
if (!process.env.TEST_WORKER_INDEX) fs.rmSync(dataDir, { recursive: true, force: true });

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  // CI runs two workers beside the server on two cores: a page that waits for its data, an axe run
  // or a screenshot can take several seconds there. Generous limits only slow a failing test.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    // Service workers would answer requests before `page.route` sees them; pwa.spec.ts allows them.
    serviceWorkers: 'block',
    // A trace costs each test about a third more time (an axe check: 7.5 s against 5.2 s without).
    // CI keeps no artifacts (it runs in a clone that is thrown away), so it records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    {
      name: 'chromium',
      testIgnore: /(auth\.setup|screenshots\.spec|mfa-enforcement\.spec)\.ts$/,
      dependencies: ['setup'],
    },
    {
      name: 'screenshots',
      testMatch: /screenshots\.spec\.ts$/,
      dependencies: ['setup'],
    },
    // Specs that change what every account of a role may do (the MFA policy): after all the others.
    {
      name: 'policy',
      testMatch: /mfa-enforcement\.spec\.ts$/,
      dependencies: ['chromium', 'screenshots'],
    },
  ],
  webServer: {
    command: 'npm run start -w @painlab/server',
    cwd: '../..',
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      RATE_LIMIT_AUTH_MAX: '1000',
      NODE_ENV: 'test',
      // appointment reminders that come due are queued within a second (ADR 0021)
      REMINDER_POLL_MS: '1000',
    },
  },
});
