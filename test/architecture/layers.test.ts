import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importCycles, importGraph } from './import-graph.js'

/*
 * The layers of src/ (docs/architecture.md): modules → kits → core and http → platform and db. A layer imports only
 * the layers below it; app.ts, server.ts, cli/ and workers/ compose everything. Type-only imports count too.
 */

const graph = importGraph(fileURLToPath(new URL('../../src', import.meta.url)))
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })))
const top = (file: string) => file.split('/')[1]!.replace(/\.ts$/, '')
const moduleOf = (file: string) => (file.startsWith('src/modules/') && file.split('/').length > 3 ? file.split('/')[2] : undefined)

/** What each layer may not import (the top-level folder or file of src/). */
const forbidden: Record<string, string[]> = {
  db: ['platform', 'core', 'http', 'kits', 'modules', 'workers', 'app', 'server', 'cli'],
  platform: ['core', 'http', 'kits', 'modules', 'workers', 'app', 'server', 'cli'],
  core: ['kits', 'modules', 'workers', 'app', 'server', 'cli'],
  http: ['kits', 'modules', 'workers', 'app', 'server', 'cli'],
  kits: ['modules', 'workers', 'app', 'server', 'cli'],
  modules: ['workers', 'app', 'server', 'cli'],
}

describe('import layering of src/', () => {
  it('reads the source tree', () => {
    expect(graph.size).toBeGreaterThan(200)
    expect(edges.some((e) => e.to === 'src/kits/site-resource/rules.ts')).toBe(true)
  })

  it('has no import cycle, type-only imports included', () => {
    expect(importCycles(graph)).toEqual([])
  })

  it('imports only downwards: modules → kits → core/http → platform/db', () => {
    const wrong = edges.filter((e) => forbidden[top(e.from)]?.includes(top(e.to))).map((e) => `${e.from} -> ${e.to}`)
    expect(wrong).toEqual([])
  })

  it("never imports another module's queries", () => {
    const wrong = edges
      .filter((e) => moduleOf(e.from) && moduleOf(e.to) && moduleOf(e.from) !== moduleOf(e.to) && /(^|[./])queries\.ts$/.test(e.to))
      .map((e) => `${e.from} -> ${e.to}`)
    expect(wrong).toEqual([])
  })

  it('has no cycle between modules (blogs → documents, never back)', () => {
    const byModule = new Map<string, string[]>()
    for (const e of edges) {
      const [a, b] = [moduleOf(e.from), moduleOf(e.to)]
      if (a && b && a !== b) byModule.set(`src/modules/${a}`, [...(byModule.get(`src/modules/${a}`) ?? []), `src/modules/${b}`])
    }
    for (const m of new Set(edges.map((e) => moduleOf(e.from)).filter(Boolean))) byModule.set(`src/modules/${m}`, byModule.get(`src/modules/${m}`) ?? [])
    expect(importCycles(byModule)).toEqual([])
  })
})

describe('the cycle finder', () => {
  it('finds a cycle, and a file importing itself', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a']],
    ])
    expect(importCycles(g)).toEqual([['a', 'b', 'c'], ['d']])
  })
})
