/*
 * The tag combobox's options for what is typed: the site's tags not yet on the post that contain the text (the exact
 * name first, then those starting with it, then the rest, each alphabetically), and, unless a tag of that name exists,
 * an explicit "create" option last. Enter takes the highlighted (first) option, so "Rai" + Enter picks "Rail" and
 * never creates "Rai" while a tag matches; creating needs the create option (the only one when nothing matches).
 */
export interface TagLike {
  id: string
  name: string
}

export type TagChoice<T extends TagLike> = { kind: 'tag'; value: string; tag: T } | { kind: 'create'; value: string; name: string }

/** The option value of "create": never a tag id (ids are UUIDs). */
export const CREATE_VALUE = 'create:'

/** How many existing tags the list shows at most (typing narrows it). */
export const MAX_TAG_CHOICES = 50

export function tagChoices<T extends TagLike>(all: readonly T[], assigned: ReadonlySet<string>, typed: string): TagChoice<T>[] {
  const query = typed.trim().replace(/\s+/g, ' ')
  const q = query.toLocaleLowerCase()
  const rank = (name: string) => (name === q ? 0 : name.startsWith(q) ? 1 : 2)
  const matches = all
    .filter((t) => !assigned.has(t.id) && t.name.toLocaleLowerCase().includes(q))
    .map((t) => ({ t, r: rank(t.name.toLocaleLowerCase()) }))
    .sort((a, b) => a.r - b.r || a.t.name.localeCompare(b.t.name))
    .slice(0, MAX_TAG_CHOICES)
    .map(({ t }): TagChoice<T> => ({ kind: 'tag', value: t.id, tag: t }))
  const exists = all.some((t) => t.name.toLocaleLowerCase() === q)
  return query === '' || exists ? matches : [...matches, { kind: 'create', value: CREATE_VALUE, name: query }]
}
