/*
 * A site's preview_url template filled in for one preview (README "Previews"). Each value is URL-encoded, so a
 * route's slashes arrive as %2F in a query parameter and the frontend decodes them as it decodes any parameter.
 */

export interface PreviewUrlValues {
  token: string
  type: string
  id: string
  slug: string
  route: string
  /** The record's public path: post_path with the slug for a blog, the route for a page. */
  path: string
  locale: string
}

const PLACEHOLDER = /\{(token|type|id|slug|route|path|locale)\}/g

/** The template with every known placeholder replaced by its URL-encoded value; unknown braces stay as written. */
export function fillPreviewUrl(template: string, values: PreviewUrlValues): string {
  return template.replace(PLACEHOLDER, (_, name: keyof PreviewUrlValues) => encodeURIComponent(values[name]))
}

/** The public path of a post: the site's post_path with `{slug}` replaced (the same rule as RSS links). */
export const postPath = (postPathTemplate: string, slug: string): string => postPathTemplate.split('{slug}').join(slug)
