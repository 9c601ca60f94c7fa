import { validation } from '../../http/errors.js'

const MAX_SLUG = 200

/**
 * A URL slug from a display name: accents dropped, lowercase, runs of anything but a-z and 0-9 become one
 * hyphen, no leading or trailing hyphen, at most 200 characters. 400 on `field` when nothing is left
 * (a name without any Latin letter or digit needs an explicit slug).
 */
export function slugFromName(name: string, field = 'slug'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/g, '')
  if (slug === '') validation(field, 'cannot be derived from name; give a slug of lowercase letters, digits and hyphens')
  return slug
}
