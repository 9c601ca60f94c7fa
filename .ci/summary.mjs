// Prints vitest JSON results as the plain closing line CI understands: "<label>: N passed, N failed, N skipped".
import { readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
for (const file of process.argv.slice(2)) {
  const r = JSON.parse(readFileSync(file, 'utf8'))
  passed += r.numPassedTests ?? 0
  failed += r.numFailedTests ?? 0
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
