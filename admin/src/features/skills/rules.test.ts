import { describe, expect, it } from 'vitest'
import { categoriesOf, checkSkill, groupByCategory } from './rules'

const v = (o: Partial<{ name: string; slug: string; category: string; proficiency: string; icon: string }>) => ({
  name: 'TypeScript',
  slug: '',
  category: '',
  proficiency: '',
  icon: '',
  ...o,
})

describe('skill rules', () => {
  it('needs a name, a valid slug when one is typed, and a proficiency of 0 to 100', () => {
    expect(checkSkill(v({}))).toEqual({})
    expect(checkSkill(v({ name: ' ' }))).toEqual({ name: 'required' })
    expect(checkSkill(v({ slug: 'Bad Slug' }))).toEqual({ slug: 'slugFormat' })
    expect(checkSkill(v({ proficiency: '101' }))).toEqual({ proficiency: 'proficiency' })
    expect(checkSkill(v({ proficiency: '-1' }))).toEqual({ proficiency: 'proficiency' })
    expect(checkSkill(v({ proficiency: '0' }))).toEqual({})
    expect(checkSkill(v({ proficiency: '100' }))).toEqual({})
  })
  it('groups by category in list order, uncategorised last, and lists the categories', () => {
    const skills = [
      { name: 'a', category: 'Languages' },
      { name: 'b', category: null },
      { name: 'c', category: 'Tools' },
      { name: 'd', category: 'Languages' },
    ]
    expect(groupByCategory(skills).map((g) => [g.category, g.skills.map((s) => s.name)])).toEqual([
      ['Languages', ['a', 'd']],
      ['Tools', ['c']],
      [null, ['b']],
    ])
    expect(categoriesOf(skills)).toEqual(['Languages', 'Tools'])
  })
})
