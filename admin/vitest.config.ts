import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Unit tests of the admin's pure parts (src/**/*.test.ts[x]); the browser journeys are Playwright's (e2e/).
export default defineConfig({
  resolve: { alias: { '@atrium-cms/client': fileURLToPath(new URL('../packages/client/src/index.ts', import.meta.url)) } },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'happy-dom',
  },
})
