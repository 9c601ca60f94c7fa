import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Served by Atrium at /admin/ (src/http/admin.ts): every URL in the build starts there.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // The client package from source: no separate build step before the admin's.
    alias: { '@atrium-cms/client': fileURLToPath(new URL('../packages/client/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget check (scripts/budget.js) reads which chunks the entry imports statically.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8000' } },
})
