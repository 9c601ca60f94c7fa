/*
 * A bound on image transformations running at once (README.md, "Renditions": ATRIUM_IMAGE_CONCURRENCY).
 * Decoding a large picture takes tens of megabytes and a core; callers past the bound wait in line (first come,
 * first served) instead of all decoding at once, which keeps memory and CPU bounded whatever clients send. A caller
 * that would wait longer than `maxWaitMs` is turned away (SlotTimeout) so a burst cannot pile up unbounded waits.
 */

/** A slot did not free up within the wait allowed. */
export class SlotTimeout extends Error {
  constructor(readonly waitedMs: number) {
    super(`no image slot free within ${waitedMs} ms`)
  }
}

interface Waiter {
  grant: () => void
  timer: NodeJS.Timeout | undefined
}

export class ImageSlots {
  private running = 0
  private readonly queue: Waiter[] = []

  constructor(readonly size: number) {}

  /** Transformations running now and callers waiting (metrics, tests). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length }
  }

  /** Runs `fn` in a slot; waits for one at most `maxWaitMs` (undefined: as long as it takes). */
  async run<T>(fn: () => Promise<T>, maxWaitMs?: number): Promise<T> {
    await this.acquire(maxWaitMs)
    try {
      return await fn()
    } finally {
      this.release()
    }
  }

  private acquire(maxWaitMs: number | undefined): Promise<void> {
    if (this.running < this.size) {
      this.running++
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { grant: resolve, timer: undefined }
      if (maxWaitMs !== undefined) {
        waiter.timer = setTimeout(() => {
          const at = this.queue.indexOf(waiter)
          if (at >= 0) this.queue.splice(at, 1)
          reject(new SlotTimeout(maxWaitMs))
        }, maxWaitMs)
      }
      this.queue.push(waiter)
    })
  }

  private release(): void {
    const next = this.queue.shift()
    if (!next) {
      this.running--
      return
    }
    // The slot passes straight to the next caller: `running` stays the same.
    if (next.timer) clearTimeout(next.timer)
    next.grant()
  }
}
