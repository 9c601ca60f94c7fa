import { describe, expect, it } from 'vitest'
import { stripMarkdown } from './markdownText'

describe('stripMarkdown', () => {
  it('keeps the words of headings, emphasis, links, images, quotes and lists', () => {
    expect(stripMarkdown('# Tulips\n\nSome **bold** and _soft_ words, a [link](https://x.org/a) and ![a wall](/m/w.png).')).toBe(
      'Tulips Some bold and soft words, a link and a wall.',
    )
    expect(stripMarkdown('> quoted\n- one\n2. two\n`code` ~~gone~~')).toBe('quoted one two code gone')
  })
  it('drops a construct cut off at either end of a snippet, and leaves snake_case alone', () => {
    expect(stripMarkdown('text](https://x.org/a) more [start of')).toBe('text more start of')
    expect(stripMarkdown('keep snake_case_names')).toBe('keep snake_case_names')
  })
})
