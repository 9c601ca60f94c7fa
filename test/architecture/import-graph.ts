import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** Every relative import of a TypeScript file under `root`, type-only ones included (`import type`, `import('…')`). */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  const base = resolve(root, '..')
  for (const file of walk(root)) {
    const text = readFileSync(file, 'utf8')
    const targets = new Set<string>()
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      targets.add(relative(base, resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts'))))
    }
    graph.set(relative(base, file), [...targets])
  }
  return graph
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return walk(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

/** The strongly connected components with more than one file (or a file importing itself): each is an import cycle. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let index = 0
  const indexOf = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (v: string): void => {
    indexOf.set(v, index)
    low.set(v, index++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue
      if (!indexOf.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!))
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v)
  return cycles
}
