/**
 * The public address of a post (decisions.md "Sites": `url` + `post_path` with `{slug}` filled in). "Open on site"
 * needs both: without the site's `url` there is no frontend to open, so no link (undefined).
 */
export function postUrlOf(siteUrl: string | null | undefined, postPath: string | null | undefined, slug: string): string | undefined {
  if (!siteUrl || !postPath || slug === '') return undefined
  let base: URL
  try {
    base = new URL(siteUrl)
  } catch {
    return undefined
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') return undefined
  const path = postPath.split('{slug}').join(encodeURIComponent(slug))
  return `${siteUrl.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`
}
