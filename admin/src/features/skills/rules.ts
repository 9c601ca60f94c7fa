/* Skill rules mirrored from the API for fast feedback (decisions.md "Skills and CV"); the server decides. */

export interface SkillFormValues {
  name: string
  slug: string
  category: string
  proficiency: string
  icon: string
}

export type SkillProblem = 'required' | 'slugFormat' | 'proficiency'
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export function checkSkill(v: SkillFormValues): Partial<Record<keyof SkillFormValues, SkillProblem>> {
  const out: Partial<Record<keyof SkillFormValues, SkillProblem>> = {}
  if (v.name.trim() === '') out.name = 'required'
  if (v.slug.trim() !== '' && !SLUG.test(v.slug.trim())) out.slug = 'slugFormat'
  const p = v.proficiency.trim()
  if (p !== '' && !(/^\d+$/.test(p) && Number(p) <= 100)) out.proficiency = 'proficiency'
  return out
}

/** Skills grouped by category in first-seen order (the API lists by display_order, then name); no category last. */
export function groupByCategory<S extends { category: string | null }>(skills: readonly S[]): Array<{ category: string | null; skills: S[] }> {
  const groups = new Map<string | null, S[]>()
  for (const s of skills) {
    const c = s.category?.trim() || null
    groups.set(c, [...(groups.get(c) ?? []), s])
  }
  const named = [...groups.entries()].filter(([c]) => c !== null)
  const none = groups.get(null)
  return [...named.map(([category, list]) => ({ category, skills: list })), ...(none ? [{ category: null, skills: none }] : [])]
}

/** The distinct categories in use, sorted, for the category field's suggestions and the filter. */
export function categoriesOf(skills: ReadonlyArray<{ category: string | null }>): string[] {
  return [...new Set(skills.map((s) => s.category?.trim()).filter((c): c is string => !!c))].sort((a, b) => a.localeCompare(b))
}
