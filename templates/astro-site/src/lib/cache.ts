import { AsyncLocalStorage } from 'node:async_hooks'
import { AtriumError } from '@atrium-cms/client'

/**
 * Answers of Atrium kept in memory, stale-while-revalidate: an entry is served as it is while fresh; once stale it is
 * still served while one call refreshes it in the background; past its stale window it is loaded again before the
 * page renders. One key is one API call. Concurrent views of the same key share one call (single flight).
 *
 * Every page view has a budget of API calls (CALLS_PER_VIEW): what it must load counts first, and the background
 * refreshes it found due start once it has loaded what it needs, only as many as the budget has left (the rest wait for
 * the next view). So a view never costs Atrium more than the budget, however many entries went stale at once.
 */
export const CALLS_PER_VIEW = 4

class ViewBudget {
  used = 0
  private readonly refreshes = new Map<string, () => void>()
  constructor(readonly limit: number) {}
  /** Takes one call whatever is left: the page cannot render without it. */
  take(): void {
    this.used++
  }
  /** A refresh found due: started by `startRefreshes`, if the budget allows. */
  defer(key: string, start: () => void): void {
    this.refreshes.set(key, start)
  }
  /** Starts the deferred refreshes, in the order found, while calls are left. */
  startRefreshes(): void {
    for (const start of this.refreshes.values()) {
      if (this.used >= this.limit) break
      this.used++
      start()
    }
    this.refreshes.clear()
  }
}

const views = new AsyncLocalStorage<ViewBudget>()

/** Runs one page view with its own call budget; its refreshes start once it has loaded what it must. */
export async function withViewBudget<T>(render: () => Promise<T>): Promise<T> {
  const budget = new ViewBudget(CALLS_PER_VIEW)
  try {
    return await views.run(budget, render)
  } finally {
    budget.startRefreshes()
  }
}

/** How long an entry is served: `fresh` ms as it is, then `stale` ms more while it is refreshed (Infinity: always). */
export interface Freshness {
  fresh: number
  stale: number
}

/** A 404 is an answer too (kept like content, so a missing page does not cost a call per view); nothing else is kept. */
type Outcome = { found: true; value: unknown } | { found: false; error: AtriumError }

interface Entry {
  at: number
  outcome: Outcome
}

const isNotFound = (err: unknown): err is AtriumError => err instanceof AtriumError && err.status === 404

export class SwrCache {
  private readonly entries = new Map<string, Entry>()
  private readonly loading = new Map<string, Promise<Entry>>()

  constructor(private readonly maxEntries = 5000) {}

  async get<T>(key: string, load: () => Promise<T>, freshness: Freshness): Promise<T> {
    const entry = this.entries.get(key)
    if (entry) {
      const age = Date.now() - entry.at
      if (age <= freshness.fresh) return unwrap<T>(entry)
      if (age <= freshness.fresh + freshness.stale) {
        this.revalidate(key, load)
        return unwrap<T>(entry)
      }
    }
    try {
      return unwrap<T>(await this.load(key, load, true))
    } catch (err) {
      // Stale-if-error: an answer too old to serve normally still beats an error page when Atrium is rate limiting
      // or unreachable.
      if (entry) return unwrap<T>(entry)
      throw err
    }
  }

  /** Forgets everything (tests). */
  clear(): void {
    this.entries.clear()
  }

  private revalidate(key: string, load: () => unknown): void {
    if (this.loading.has(key)) return
    const start = () => {
      this.load(key, load, false).catch((err: unknown) => {
        console.warn(`[atrium] refreshing ${key} failed, serving the cached answer: ${err instanceof Error ? err.message : String(err)}`)
      })
    }
    const budget = views.getStore()
    if (budget) budget.defer(key, start)
    else start()
  }

  private load(key: string, load: () => unknown, counted: boolean): Promise<Entry> {
    const running = this.loading.get(key)
    if (running) return running
    if (counted) views.getStore()?.take()
    const promise = Promise.resolve()
      .then(load)
      .then(
        (value): Entry => ({ at: Date.now(), outcome: { found: true, value } }),
        (err: unknown): Entry => {
          if (isNotFound(err)) return { at: Date.now(), outcome: { found: false, error: err } }
          throw err
        },
      )
      .then((entry) => {
        this.entries.delete(key)
        this.entries.set(key, entry)
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
        return entry
      })
      .finally(() => this.loading.delete(key))
    this.loading.set(key, promise)
    return promise
  }
}

function unwrap<T>(entry: Entry): T {
  if (entry.outcome.found) return entry.outcome.value as T
  throw entry.outcome.error
}

/** The one cache of this process. */
export const cache = new SwrCache()
