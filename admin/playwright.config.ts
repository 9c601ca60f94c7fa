import { defineConfig } from '@playwright/test'

/**
 * Browser tests of the admin against one real Atrium (e2e/global-setup.ts) in Debian's Chromium. `npm run test:e2e`
 * builds what is stale first. Screenshots the README shows are taken by the specs into docs/screenshots/.
 */
export default defineConfig({
  testDir: './e2e/specs',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../.tmp/e2e-results',
  use: {
    headless: true,
    trace: 'on-first-retry',
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    // The theme honours it (respectReducedMotion): no fades, so an axe scan right after a dialog opens reads its
    // final colours (a contrast failure was once read off a Delete button still fading in).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    },
  },
})
