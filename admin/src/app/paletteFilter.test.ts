import { describe, expect, it } from 'vitest'
import { paletteFilter } from './paletteFilter'

const data = [
  {
    group: 'Screens',
    actions: [
      { id: 'screen-dashboard', label: 'Dashboard' },
      { id: 'screen-blogs', label: 'Posts', keywords: 'blog post article journal' },
      { id: 'screen-navigation', label: 'Navigation', keywords: 'menu menus' },
    ],
  },
  { group: 'Content', actions: [{ id: 'content-blog-1', label: 'Frühling im Garten', description: 'Post' }] },
  { group: 'Actions', actions: [{ id: 'new-post', label: 'New post', keywords: 'create write blog article' }] },
]

const ids = (r: ReturnType<typeof paletteFilter>) => r.flatMap((g) => ('actions' in g ? g.actions.map((a: { id: string }) => a.id) : [g.id]))

describe('paletteFilter', () => {
  it('finds screens by synonyms', () => {
    expect(ids(paletteFilter('article', data))).toEqual(['screen-blogs', 'content-blog-1', 'new-post'])
    expect(ids(paletteFilter('menu', data))).toEqual(['screen-navigation', 'content-blog-1'])
  })
  it('needs every word and puts label matches first within a group', () => {
    expect(ids(paletteFilter('new post', data))).toEqual(['content-blog-1', 'new-post'])
    expect(ids(paletteFilter('blog', data))).toEqual(['screen-blogs', 'content-blog-1', 'new-post'])
  })
  it('keeps the content hits the search found for this query, whatever their words', () => {
    expect(ids(paletteFilter('garden', data))).toEqual(['content-blog-1'])
  })
})
