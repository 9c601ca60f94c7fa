import { Marked, type Tokens } from 'marked'
import { imageAttributes } from './images'
import { settings } from './settings'

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Only http(s), mailto, relative and fragment links: a `javascript:` URL in content becomes plain text. */
const safeUrl = (url: string) => /^(https?:|mailto:|\/|#|\.{0,2}\/)/i.test(url.trim()) || !/^[a-z][a-z0-9+.-]*:/i.test(url.trim())

/**
 * Markdown of posts, sections and legal texts to HTML. Raw HTML in the Markdown is shown as text, not run: the
 * content comes from editors, and the page's Content-Security-Policy stays strict.
 */
const marked = new Marked({
  gfm: true,
  renderer: {
    // The page's title is its one h1: a `#` heading in the text becomes an h2.
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.max(depth, 2)
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`
    },
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escape(text)
    },
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens)
      if (!safeUrl(href)) return text
      return `<a href="${escape(href)}"${title ? ` title="${escape(title)}"` : ''}>${text}</a>`
    },
    image({ href, title, text }: Tokens.Image) {
      if (!safeUrl(href)) return escape(text)
      const img = imageAttributes(href, text, settings().atriumOrigin)!
      const attrs = Object.entries(img)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}="${escape(String(v))}"`)
        .join(' ')
      return `<img ${attrs}${title ? ` title="${escape(title)}"` : ''}>`
    },
  },
})

export function markdown(text: string | null | undefined): string {
  if (!text) return ''
  return marked.parse(text, { async: false })
}

/** Markdown to one line of plain text (descriptions, excerpts). */
export function plainText(text: string | null | undefined, max = 200): string {
  if (!text) return ''
  const plain = text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain
}
