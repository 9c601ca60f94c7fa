/*
 * Pure normalisation of what a pageview reports (no I/O): paths are bounded and canonical enough that
 * `/blog/a`, `/blog/a/`, `//blog//a?utm=x#top` and `https://example.com/blog/a` count as one page.
 */

export const MAX_PATH = 2000

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i

/**
 * A full URL becomes its pathname; query and fragment are dropped; repeated slashes collapse; a leading `/` is
 * ensured and a trailing one removed (except for `/` itself). Percent-encoding is kept as sent.
 * Returns null for a path that is blank once trimmed.
 */
export function normalisePath(input: string): string | null {
  let p = input.trim()
  if (p === '') return null
  if (SCHEME.test(p)) {
    // Only the part after the authority: the URL parser would re-encode or resolve dot segments.
    const afterScheme = p.slice(p.indexOf('://') + 3)
    const slash = afterScheme.search(/[/?#]/)
    p = slash === -1 ? '/' : afterScheme.slice(slash)
  }
  const cut = p.search(/[?#]/)
  if (cut !== -1) p = p.slice(0, cut)
  p = `/${p}`.replace(/\/{2,}/g, '/')
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1)
  return p.slice(0, MAX_PATH)
}

/** The referrer's host, lowercased, without port or credentials; null when it is not an http(s) URL or a bare host. */
export function referrerDomain(input: string | null | undefined): string | null {
  if (input === undefined || input === null) return null
  const raw = input.trim()
  if (raw === '') return null
  let url: URL
  try {
    url = new URL(SCHEME.test(raw) ? raw : `http://${raw}`)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const host = url.hostname.toLowerCase().replace(/\.$/, '')
  // A host needs a dot or to be an IP literal to be a domain ("not a url" is not one).
  if (host === '' || (!host.includes('.') && !host.startsWith('['))) return host === 'localhost' ? host : null
  return host
}
