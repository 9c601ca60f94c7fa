import { describe, expect, it, vi } from 'vitest'
import type { Credential } from './session'
import { announceSignOut, askOtherTabs, serveOtherTabs, type TabChannel } from './tabs'

/** Channels of one origin: a message reaches every other channel, never the sender (as BroadcastChannel does). */
function origin() {
  const all = new Set<FakeChannel>()
  class FakeChannel implements TabChannel {
    listeners = new Set<(e: MessageEvent) => void>()
    constructor() {
      all.add(this)
    }
    postMessage(message: unknown) {
      for (const c of all) if (c !== this) for (const l of c.listeners) queueMicrotask(() => l({ data: message } as MessageEvent))
    }
    addEventListener(_: 'message', l: (e: MessageEvent) => void) {
      this.listeners.add(l)
    }
    removeEventListener(_: 'message', l: (e: MessageEvent) => void) {
      this.listeners.delete(l)
    }
  }
  return () => new FakeChannel()
}

const key: Credential = { kind: 'api_key', apiKey: 'atr_shared' }

describe('tabs', () => {
  it('a new tab gets the credential of an open signed-in tab', async () => {
    const tab = origin()
    serveOtherTabs(() => key, vi.fn(), tab())
    expect(await askOtherTabs(200, tab())).toEqual(key)
  })
  it('no answer from signed-out tabs or no tabs: null after the wait', async () => {
    const tab = origin()
    serveOtherTabs(() => null, vi.fn(), tab())
    expect(await askOtherTabs(20, tab())).toBeNull()
    expect(await askOtherTabs(20, null)).toBeNull()
  })
  it('a sign-out reaches the other tabs, and a stopped tab answers no more', async () => {
    const tab = origin()
    const signedOut = vi.fn()
    const stop = serveOtherTabs(() => key, signedOut, tab())
    announceSignOut(tab())
    await new Promise((r) => setTimeout(r, 0))
    expect(signedOut).toHaveBeenCalledTimes(1)
    stop()
    expect(await askOtherTabs(20, tab())).toBeNull()
  })
})
