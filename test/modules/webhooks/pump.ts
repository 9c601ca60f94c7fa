import type { Deps } from '../../../src/core/context.js'
import { dispatcherOf } from '../../../src/modules/webhooks/delivery.service.js'

/** Runs the delivery loop of an app until `done` holds (or fails after ~10 s). */
export async function pump(deps: Deps, done: () => boolean | Promise<boolean>): Promise<void> {
  const d = dispatcherOf(deps)
  for (let i = 0; i < 400; i++) {
    await d.tick()
    await d.settle()
    if (await done()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('delivery did not finish')
}
