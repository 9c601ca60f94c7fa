import { slugify } from '../../core/slugs.js'
import { validation } from '../../http/errors.js'

/**
 * The slug of a tag or category created without one: core/slugs slugify() of the name ("Crème Brûlée & Co" →
 * "creme-brulee-co"). 400 on `slug` when nothing is left (a name without Latin letters or digits needs a slug).
 */
export function derivedSlug(name: string): string {
  const slug = slugify(name)
  if (slug === '') validation('slug', 'cannot be derived from name; give a slug of lowercase letters, digits and hyphens')
  return slug
}
