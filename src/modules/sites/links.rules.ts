import { validation } from '../../http/errors.js'

/*
 * The site's links to its public frontend: `url` and `favicon_url` are
 * absolute http(s) URLs or null; `post_path` says where a post lives there (`{slug}` filled in).
 */

/** null stays null; anything else must be an absolute http(s) URL with a host (400 on `field` otherwise). */
export function checkHttpUrl(value: string | null, field: string): string | null {
  if (value === null) return null
  let parsed: URL | undefined
  try {
    parsed = new URL(value)
  } catch {
    // not a URL: the validation error below
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '' || /\s/.test(value)) {
    return validation(field, 'must be an absolute http(s) URL, or null')
  }
  return value
}

export const POST_SLUG = '{slug}'

/** A post path starts with `/`, contains `{slug}` and no white space (400 on `post_path` otherwise). */
export function checkPostPath(path: string): string {
  if (!path.startsWith('/')) validation('post_path', 'must start with /')
  if (!path.includes(POST_SLUG)) validation('post_path', `must contain ${POST_SLUG}`)
  if (/\s/.test(path)) validation('post_path', 'must not contain white space')
  return path
}

/** A feed path is an absolute path: starts with `/` (not `//`, which would name another host), no white space (400 on `feed_path`). */
export function checkFeedPath(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) validation('feed_path', 'must be an absolute path starting with a single /')
  if (/\s/.test(path)) validation('feed_path', 'must not contain white space')
  return path
}

export const PREVIEW_TOKEN = '{token}'

/** A preview URL template is null, or an absolute http(s) URL containing `{token}` (400 on `preview_url` otherwise). */
export function checkPreviewUrl(template: string | null): string | null {
  if (template === null) return null
  checkHttpUrl(template, 'preview_url')
  if (!template.includes(PREVIEW_TOKEN)) validation('preview_url', `must contain ${PREVIEW_TOKEN}`)
  return template
}
