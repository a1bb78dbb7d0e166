import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * End-to-end tests against the built product (run `npm run build` first; `npm test` does), on a
 * fresh embedded database seeded with the demo, in Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // CI runs these beside the server's tests on two cores, on a machine that may be slower or shared:
  // the waits there are longer, so a busy moment is not taken for a broken page.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /mobile\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    { name: 'mobile', testMatch: /mobile\.spec\.ts/, use: { ...devices['Pixel 7'] } },
  ],
  webServer: {
    command: 'node serve.mjs',
    // Ready once the first start has prepared the demo's history (the server answers before).
    url: `http://localhost:${PORT}/api/health/ready`,
    reuseExistingServer: false,
    // The first start seeds the demo and simulates its last 30 days: a minute or two on two cores.
    timeout: 600_000,
    env: { PORT: String(PORT) },
    // Stopped with a signal serve.mjs answers by stopping the server and removing its data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
