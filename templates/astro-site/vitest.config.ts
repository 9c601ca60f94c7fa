import { defineConfig } from 'vitest/config'

// The tests start a real Atrium, a proxy and the built starter (test/harness/stack.ts): one file at a time.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 240_000, // the stack start waits up to 180 s for Atrium on a busy machine (test/harness/stack.ts)
  },
})
