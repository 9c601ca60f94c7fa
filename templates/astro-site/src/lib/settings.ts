/**
 * The starter's settings, read from the environment when first needed (never baked into the build):
 * CMS_API_URL (Atrium's /api/v1 base), CMS_API_KEY (a Read key of the site), CMS_SITE_ID. HOST and PORT are read by
 * the Node adapter. CMS_CACHE_SECONDS (optional, default 5) is how long published content is kept before it is asked
 * again.
 */
export interface Settings {
  /** Atrium's API base, e.g. https://cms.example.com/api/v1 */
  apiUrl: string
  apiKey: string
  siteId: string
  /** The origin of Atrium (and of its admin at /admin/): the only one allowed to frame a preview. */
  atriumOrigin: string
  /** Seconds a published answer is served without asking Atrium again. */
  cacheSeconds: number
}

let loaded: Settings | undefined

export function settings(): Settings {
  if (loaded) return loaded
  const missing = ['CMS_API_URL', 'CMS_API_KEY', 'CMS_SITE_ID'].filter((name) => !process.env[name])
  if (missing.length > 0) throw new Error(`Missing setting${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: see .env.example`)
  const apiUrl = process.env.CMS_API_URL!.replace(/\/+$/, '')
  let atriumOrigin: string
  try {
    const url = new URL(apiUrl)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)')
    atriumOrigin = url.origin
  } catch {
    throw new Error(`CMS_API_URL must be an absolute http(s) URL such as https://cms.example.com/api/v1, got "${apiUrl}"`)
  }
  const cacheSeconds = Number(process.env.CMS_CACHE_SECONDS ?? 5)
  loaded = {
    apiUrl,
    apiKey: process.env.CMS_API_KEY!,
    siteId: process.env.CMS_SITE_ID!,
    atriumOrigin,
    cacheSeconds: Number.isFinite(cacheSeconds) && cacheSeconds >= 0 ? cacheSeconds : 5,
  }
  return loaded
}
