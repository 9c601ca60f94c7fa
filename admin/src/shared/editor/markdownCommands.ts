/**
 * The Markdown toolbar's edits as pure functions of the text and the selection, so they are tested without an editor:
 * each answers the replaced range, the text to put there, and where the selection goes afterwards.
 */
export interface TextEdit {
  from: number
  to: number
  insert: string
  /** The selection after the edit, in the new text. */
  anchor: number
  head: number
}

export type MarkdownAction = 'heading' | 'bold' | 'italic' | 'link' | 'list' | 'quote' | 'code'

const WRAPS = { bold: '**', italic: '_' } as const
const LINE_PREFIXES = { heading: '## ', list: '- ', quote: '> ' } as const

/** Wraps the selection in a marker, or removes the marker when the selection is already wrapped in it. */
function wrap(doc: string, from: number, to: number, marker: string, placeholder: string): TextEdit {
  const before = doc.slice(from - marker.length, from)
  const after = doc.slice(to, to + marker.length)
  if (before === marker && after === marker) {
    const inner = doc.slice(from, to)
    return { from: from - marker.length, to: to + marker.length, insert: inner, anchor: from - marker.length, head: to - marker.length }
  }
  const inner = from === to ? placeholder : doc.slice(from, to)
  return { from, to, insert: `${marker}${inner}${marker}`, anchor: from + marker.length, head: from + marker.length + inner.length }
}

/** Adds a prefix to every line the selection touches, or removes it when all of them have it already. */
function prefixLines(doc: string, from: number, to: number, prefix: string): TextEdit {
  const start = doc.lastIndexOf('\n', from - 1) + 1
  const endBreak = doc.indexOf('\n', to)
  const end = endBreak === -1 ? doc.length : endBreak
  const lines = doc.slice(start, end).split('\n')
  const headingLevel = /^#{1,6} /
  const has = (line: string) => (prefix === LINE_PREFIXES.heading ? headingLevel.test(line) : line.startsWith(prefix))
  const remove = lines.every(has)
  const changed = lines.map((line) =>
    remove ? line.replace(prefix === LINE_PREFIXES.heading ? headingLevel : prefix, '') : `${prefix}${line.replace(headingLevel, '')}`,
  )
  const insert = changed.join('\n')
  return { from: start, to: end, insert, anchor: start + insert.length, head: start + insert.length }
}

/** Inline code for a selection within one line; a fenced block for several lines (or an empty line). */
function code(doc: string, from: number, to: number, placeholder: string): TextEdit {
  const selected = doc.slice(from, to)
  if (!selected.includes('\n') && from !== to) return wrap(doc, from, to, '`', placeholder)
  const body = selected === '' ? placeholder : selected
  const insert = `\`\`\`\n${body}\n\`\`\``
  return { from, to, insert, anchor: from + 4, head: from + 4 + body.length }
}

/** `[text](url)`: the selection becomes the text, and the `url` placeholder is selected for typing over. */
export function linkEdit(doc: string, from: number, to: number, placeholder: string): TextEdit {
  const text = from === to ? placeholder : doc.slice(from, to)
  const insert = `[${text}](https://)`
  const urlStart = from + text.length + 3
  return { from, to, insert, anchor: urlStart, head: urlStart + 'https://'.length }
}

/** `![alt](url)` in place of the selection, on a line of its own when the cursor is within text. */
export function imageEdit(doc: string, from: number, to: number, image: { url: string; alt: string }): TextEdit {
  const alt = image.alt.replace(/[[\]\n]/g, ' ').trim()
  const before = from > 0 && doc[from - 1] !== '\n' ? '\n\n' : ''
  const after = to < doc.length && doc[to] !== '\n' ? '\n\n' : ''
  const insert = `${before}![${alt}](${encodeURI(image.url)})${after}`
  const end = from + insert.length - after.length
  return { from, to, insert, anchor: end, head: end }
}

export function markdownEdit(action: MarkdownAction, doc: string, from: number, to: number, placeholder: string): TextEdit {
  switch (action) {
    case 'bold':
    case 'italic':
      return wrap(doc, from, to, WRAPS[action], placeholder)
    case 'heading':
    case 'list':
    case 'quote':
      return prefixLines(doc, from, to, LINE_PREFIXES[action])
    case 'code':
      return code(doc, from, to, placeholder)
    case 'link':
      return linkEdit(doc, from, to, placeholder)
  }
}
