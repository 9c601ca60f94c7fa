import type { Credential } from './session'

/**
 * Tabs of one browser share the sign-in over a same-origin BroadcastChannel (README, "Admin"): a new tab (a
 * middle-click, a shared link) asks the open ones for their credential before it sends the user to sign-in, and a
 * sign-out in one tab signs every tab out. Nothing is written to storage here: the asking tab keeps what it is given
 * in its own sessionStorage, like a sign-in of its own.
 */
const CHANNEL = 'atrium-admin:session'

type Message = { type: 'ask'; id: string } | { type: 'answer'; id: string; credential: Credential } | { type: 'signed-out' }

export interface TabChannel {
  postMessage(message: Message): void
  addEventListener(type: 'message', listener: (event: MessageEvent<Message>) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent<Message>) => void): void
}

let shared: TabChannel | null | undefined
function defaultChannel(): TabChannel | null {
  if (shared === undefined) shared = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null
  return shared
}

/** Answers other tabs' questions with this tab's credential, and tells `onSignedOutElsewhere` when another tab signs out. */
export function serveOtherTabs(current: () => Credential | null, onSignedOutElsewhere: () => void, channel = defaultChannel()): () => void {
  if (!channel) return () => undefined
  const listener = (event: MessageEvent<Message>) => {
    const m = event.data
    if (m.type === 'ask') {
      const credential = current()
      if (credential) channel.postMessage({ type: 'answer', id: m.id, credential })
    } else if (m.type === 'signed-out') onSignedOutElsewhere()
  }
  channel.addEventListener('message', listener)
  return () => channel.removeEventListener('message', listener)
}

/** The credential of another open, signed-in tab, or null when none answers within `timeoutMs`. */
export function askOtherTabs(timeoutMs = 400, channel = defaultChannel()): Promise<Credential | null> {
  if (!channel) return Promise.resolve(null)
  const id = crypto.randomUUID()
  return new Promise((resolve) => {
    const done = (credential: Credential | null) => {
      clearTimeout(timer)
      channel.removeEventListener('message', listener)
      resolve(credential)
    }
    const listener = (event: MessageEvent<Message>) => {
      const m = event.data
      if (m.type === 'answer' && m.id === id) done(m.credential)
    }
    const timer = setTimeout(() => done(null), timeoutMs)
    channel.addEventListener('message', listener)
    channel.postMessage({ type: 'ask', id })
  })
}

export function announceSignOut(channel = defaultChannel()): void {
  channel?.postMessage({ type: 'signed-out' })
}
