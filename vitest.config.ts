import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/global.ts'],
    setupFiles: ['test/setup/network-guard.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The files of a worker share its module registry (VITEST_ISOLATE=1 gives each file its own, as before). Each
    // file used to import the whole server again, PGlite's WebAssembly and the AWS SDK included: on a quiet 2-core
    // machine the embedded suite took 987 s isolated and 213 s shared, the PostgreSQL + Redis suite 608 s and 149 s
    // (session 16, bench/README "Test suite time"). Nothing in src/ keeps state in a module that outlives an app
    // (per-app state hangs off WeakMaps keyed by the app's objects), and test files restore what they change in
    // process.env.
    isolate: process.env.VITEST_ISOLATE === '1',
    // vitest's default is one worker per core but one: a single worker on a 2-core CI machine. The test files
    // spend much of their time waiting on PostgreSQL or sleeping on timers, so two run side by side.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    reporters: ['default'],
  },
})
