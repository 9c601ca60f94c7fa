import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/global.ts'],
    setupFiles: ['test/setup/network-guard.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker per core but one: a single worker on a 2-core CI machine. The test files
    // spend much of their time waiting on PostgreSQL or sleeping on timers, so two run side by side.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    reporters: ['default'],
  },
})
