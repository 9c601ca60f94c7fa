// @vitest-environment node
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain JavaScript build script without types
import { check, LIMITS } from './budget.js'

const KB = 1024
interface Chunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  css?: string[]
}
const run = (manifest: Record<string, Chunk>, sizes: Record<string, number>) =>
  (check as (m: Record<string, Chunk>, s: (f: string) => number) => { lines: string[]; failures: string[] })(manifest, (f) => sizes[f] ?? 0)

const manifest: Record<string, Chunk> = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true, imports: ['_vendor'], css: ['assets/index-1.css'] },
  _vendor: { file: 'assets/vendor-1.js' },
  'src/routes/dashboard.tsx': { file: 'assets/dashboard-1.js', src: 'src/routes/dashboard.tsx', isDynamicEntry: true, imports: ['_vendor', '_shared'] },
  _shared: { file: 'assets/shared-1.js' },
}

describe('admin bundle budget', () => {
  it('passes within the limits, counting the entry with its static imports', () => {
    const { failures, lines } = run(manifest, {
      'assets/index-1.js': 100 * KB,
      'assets/vendor-1.js': 100 * KB,
      'assets/dashboard-1.js': 60 * KB,
      'assets/shared-1.js': 50 * KB,
      'assets/index-1.css': 30 * KB,
    })
    expect(failures).toEqual([])
    expect(lines.join('\n')).toMatch(/entry assets\/index-1\.js \+ 1 static imports\s+200\.0 KB/)
    // A route counts what it adds beyond the entry's chunks (vendor is already loaded).
    expect(lines.join('\n')).toMatch(/route src\/routes\/dashboard\.tsx\s+110\.0 KB/)
  })

  it('fails when the entry closure, a route or the CSS is over its limit', () => {
    const { failures } = run(manifest, {
      'assets/index-1.js': 200 * KB,
      'assets/vendor-1.js': 60 * KB,
      'assets/dashboard-1.js': 100 * KB,
      'assets/shared-1.js': 30 * KB,
      'assets/index-1.css': 61 * KB,
    })
    expect(failures).toHaveLength(3)
    expect(LIMITS).toEqual({ entry: 250 * KB, route: 120 * KB, editor: 250 * KB, css: 60 * KB })
  })
})
