import { describe, expect, it } from 'vitest'
import { autoMerge } from './merge'

const base = { title: 'Gardens', body: 'Old', meta_title: '' }

describe('autoMerge: a 412 settled without asking only when nothing is overwritten', () => {
  it('theirs equals what the form loaded (a stale tag, or a field the form does not show): mine as is', () => {
    const mine = { ...base, body: 'New' }
    expect(autoMerge(base, mine, { ...base })).toEqual(mine)
  })
  it('different fields changed on each side: both kept', () => {
    expect(autoMerge(base, { ...base, meta_title: 'M' }, { ...base, title: 'Theirs' })).toEqual({ title: 'Theirs', body: 'Old', meta_title: 'M' })
  })
  it('the same field changed differently: undefined, the conflict view asks', () => {
    expect(autoMerge(base, { ...base, title: 'Mine' }, { ...base, title: 'Theirs' })).toBeUndefined()
  })
  it('the same change on both sides is no conflict', () => {
    expect(autoMerge(base, { ...base, title: 'Same' }, { ...base, title: 'Same' })).toEqual({ ...base, title: 'Same' })
  })
})
