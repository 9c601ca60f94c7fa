import { describe, expect, it } from 'vitest'
import { imageEdit, markdownEdit, type TextEdit } from './markdownCommands'

const apply = (doc: string, e: TextEdit) => doc.slice(0, e.from) + e.insert + doc.slice(e.to)
const selected = (doc: string, e: TextEdit) => apply(doc, e).slice(e.anchor, e.head)

describe('markdownEdit', () => {
  it('wraps the selection in bold and selects the wrapped text', () => {
    const e = markdownEdit('bold', 'say hello now', 4, 9, 'text')
    expect(apply('say hello now', e)).toBe('say **hello** now')
    expect(selected('say hello now', e)).toBe('hello')
  })
  it('unwraps when the selection is already bold', () => {
    const doc = 'say **hello** now'
    expect(apply(doc, markdownEdit('bold', doc, 6, 11, 'text'))).toBe('say hello now')
  })
  it('inserts a selected placeholder with no selection', () => {
    const e = markdownEdit('italic', 'ab', 1, 1, 'text')
    expect(apply('ab', e)).toBe('a_text_b')
    expect(selected('ab', e)).toBe('text')
  })
  it('prefixes every touched line for a list, and removes the prefix again', () => {
    const doc = 'one\ntwo\nthree'
    const listed = apply(doc, markdownEdit('list', doc, 1, 5, 'x'))
    expect(listed).toBe('- one\n- two\nthree')
    expect(apply(listed, markdownEdit('list', listed, 2, 8, 'x'))).toBe('one\ntwo\nthree')
  })
  it('makes a heading of the line, replacing another level', () => {
    expect(apply('#### Title', markdownEdit('heading', '#### Title', 3, 3, 'x'))).toBe('Title')
    expect(apply('Title', markdownEdit('heading', 'Title', 0, 0, 'x'))).toBe('## Title')
  })
  it('quotes lines', () => {
    expect(apply('a\nb', markdownEdit('quote', 'a\nb', 0, 3, 'x'))).toBe('> a\n> b')
  })
  it('uses inline code within a line and a fence across lines', () => {
    expect(apply('run npm ci', markdownEdit('code', 'run npm ci', 4, 10, 'code'))).toBe('run `npm ci`')
    expect(apply('a\nb', markdownEdit('code', 'a\nb', 0, 3, 'code'))).toBe('```\na\nb\n```')
  })
  it('makes a link of the selection and selects the address to type over', () => {
    const e = markdownEdit('link', 'see docs', 4, 8, 'text')
    expect(apply('see docs', e)).toBe('see [docs](https://)')
    expect(selected('see docs', e)).toBe('https://')
  })
})

describe('imageEdit', () => {
  it('puts the image on its own paragraph with its alt text', () => {
    const e = imageEdit('before after', 6, 7, { url: 'http://x/media/files/a b.png', alt: 'A [red] bus' })
    expect(apply('before after', e)).toBe('before\n\n![A  red  bus](http://x/media/files/a%20b.png)\n\nafter')
  })
  it('adds no blank lines at the start of an empty body', () => {
    expect(apply('', imageEdit('', 0, 0, { url: 'http://x/a.png', alt: '' }))).toBe('![](http://x/a.png)')
  })
})
