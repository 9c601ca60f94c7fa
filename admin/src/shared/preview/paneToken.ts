import type { CreatedPreview } from './api'

/*
 * The live pane's token: ONE per editor session (this tab's sessionStorage) for each record and language. Toggling the
 * pane, each save's reload and reloading the page all reuse it; a new one is made only when it has less than
 * RENEW_MS left. So the pane adds at most one preview per record and language to a session, and the Share dialog's
 * "Live links" leaves the session's own pane tokens out: that list shows the links someone was given (shared links and
 * Preview on site tabs), which are the ones worth revoking.
 *
 * Chosen over marking pane tokens in the API (a new field and migration for what is the admin's bookkeeping): the cost
 * is that another editor's (or another tab's) pane token still shows in the list, at most one per open editor and
 * language, and gone within the hour.
 */

const PREFIX = 'atrium-admin:preview-pane:'
/** A pane's token is renewed this long before it expires. */
export const RENEW_MS = 10 * 60_000

const keyOf = (siteId: string, recordId: string, locale: string | undefined) => `${PREFIX}${siteId}:${recordId}:${locale ?? ''}`

function stored(key: string): CreatedPreview | null {
  try {
    const raw = sessionStorage.getItem(key)
    return raw ? (JSON.parse(raw) as CreatedPreview) : null
  } catch {
    return null
  }
}

/** Milliseconds the token has left at `now`. */
export const timeLeft = (p: Pick<CreatedPreview, 'expires_at'>, now = Date.now()) => Date.parse(p.expires_at) - now

/**
 * The session's pane token of a record in a language: the kept one while it has more than RENEW_MS left, else a new
 * one from `create`, kept for the rest of the session.
 */
export async function paneToken(
  siteId: string,
  recordId: string,
  locale: string | undefined,
  create: () => Promise<CreatedPreview>,
  now = Date.now(),
): Promise<CreatedPreview> {
  const key = keyOf(siteId, recordId, locale)
  const kept = stored(key)
  if (kept && timeLeft(kept, now) > RENEW_MS) return kept
  const made = await create()
  try {
    sessionStorage.setItem(key, JSON.stringify(made))
  } catch {
    // Storage refused (private mode, quota): the token still serves this pane, the next one makes its own.
  }
  return made
}

/** The ids of this session's pane tokens of a record (every language): the Share dialog does not list them. */
export function paneTokenIds(siteId: string, recordId: string): Set<string> {
  const ids = new Set<string>()
  const prefix = `${PREFIX}${siteId}:${recordId}:`
  try {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i)
      if (key?.startsWith(prefix)) {
        const id = stored(key)?.id
        if (id) ids.add(id)
      }
    }
  } catch {
    // No storage: nothing was kept, nothing to leave out.
  }
  return ids
}
