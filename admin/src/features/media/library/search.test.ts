import { describe, expect, it } from 'vitest'
import { folderTree, validateMediaSearch, withFilter } from './search'

const ID = '0b6f3a55-1f0e-4c1b-9f0e-2d6c8e4a7b10'

describe('validateMediaSearch', () => {
  it('keeps what is valid and drops the rest', () => {
    expect(validateMediaSearch({ view: 'list', folder: ID, type: 'image', q: '  cat ', page: '3', item: ID })).toEqual({
      view: 'list',
      folder: ID,
      type: 'image',
      q: 'cat',
      page: 3,
      item: ID,
    })
    expect(validateMediaSearch({ view: 'grid', folder: 'x', type: 'font', q: '', page: 1, item: 5 })).toEqual({})
  })

  it('keeps the request to open the file chooser (the palette’s Upload) only as a yes', () => {
    expect(validateMediaSearch({ upload: true })).toEqual({ upload: true })
    expect(validateMediaSearch({ upload: '1' })).toEqual({ upload: true })
    expect(validateMediaSearch({ upload: 'no' })).toEqual({})
  })
})

describe('withFilter', () => {
  it('starts a new filter at page one with the details closed', () => {
    expect(withFilter({ view: 'list', page: 4, item: ID, q: 'a', upload: true }, { type: 'video', q: '' })).toEqual({ view: 'list', type: 'video' })
  })
})

describe('folderTree', () => {
  it('orders children under their parent with a depth; a missing parent counts as top level', () => {
    const f = (id: string, name: string, parent_id: string | null) => ({ id, name, parent_id })
    expect(folderTree([f('a', 'A', null), f('b', 'B', 'c'), f('c', 'C', 'a'), f('d', 'D', 'gone')])).toEqual([
      { id: 'a', name: 'A', depth: 0 },
      { id: 'c', name: 'C', depth: 1 },
      { id: 'b', name: 'B', depth: 2 },
      { id: 'd', name: 'D', depth: 0 },
    ])
  })
})
