#!/usr/bin/env node
// The compiled CLI (dist/, from `npm run build` or `npm start`) when it is up to date with src/;
// otherwise the TypeScript sources through tsx, so `npx atrium …` also works in a checkout that was never built.
import { isFresh } from '../scripts/build.js'

if (isFresh()) {
  await import('../dist/main.js')
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/main.ts')
}
