import type { ReactNode } from 'react'
import { stripMarkdown } from './markdownText'

/**
 * A search snippet as React nodes. The API escapes the text and wraps matches in <mark>; parsing it with DOMParser
 * and keeping only text and <mark> means nothing else from the answer can ever become markup here. `markdown`: the
 * text was cut from Markdown, shown as plain words (shared/ui/markdownText).
 */
export function Snippet({ html, className, markdown = false }: { html: string; className?: string; markdown?: boolean }) {
  const text = (s: string | null) => (markdown && s !== null ? stripMarkdown(s) : s)
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  const nodes: ReactNode[] = []
  doc.body.childNodes.forEach((node, i) => {
    if (node.nodeType === Node.ELEMENT_NODE && node.nodeName === 'MARK') nodes.push(<mark key={i}>{text(node.textContent)}</mark>)
    else nodes.push(text(node.textContent))
  })
  return <span className={className}>{nodes}</span>
}
