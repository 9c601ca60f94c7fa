import { describe, expect, it } from 'vitest'
import { tagChoices } from './tagChoices'

const tags = [
  { id: 'a', name: 'Rail' },
  { id: 'b', name: 'Trains' },
  { id: 'c', name: 'Brain' },
  { id: 'd', name: 'rai' },
  { id: 'e', name: 'Railway' },
]
const names = (c: ReturnType<typeof tagChoices>) => c.map((x) => (x.kind === 'tag' ? x.tag.name : `+${x.name}`))

describe('tagChoices', () => {
  it('puts the exact name first, then prefixes, then the rest, and offers no create when the name exists', () => {
    expect(names(tagChoices(tags, new Set(), 'Rai'))).toEqual(['rai', 'Rail', 'Railway', 'Brain', 'Trains'])
  })
  it('takes the matching tag first, with create as an explicit last option, for a name not yet a tag', () => {
    const choices = tagChoices(tags.slice(0, 3), new Set(), 'Rai')
    expect(names(choices)).toEqual(['Rail', 'Brain', 'Trains', '+Rai'])
    expect(choices[0]).toMatchObject({ kind: 'tag', value: 'a' })
  })
  it('leaves out tags already on the post, but never offers to create one of their names', () => {
    expect(names(tagChoices(tags, new Set(['a', 'd', 'e']), 'rail'))).toEqual([])
  })
  it('offers only create when nothing matches; nothing for blank text but every unassigned tag', () => {
    expect(names(tagChoices(tags, new Set(), '  New   thing '))).toEqual(['+New thing'])
    expect(names(tagChoices(tags, new Set(['b']), '  '))).toEqual(['Brain', 'rai', 'Rail', 'Railway'])
  })
})
