import type { ReactNode } from 'react'

/**
 * A search snippet as React nodes. The API escapes the text and wraps matches in <mark>; parsing it with DOMParser
 * and keeping only text and <mark> means nothing else from the answer can ever become markup here.
 */
export function Snippet({ html, className }: { html: string; className?: string }) {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  const nodes: ReactNode[] = []
  doc.body.childNodes.forEach((node, i) => {
    if (node.nodeType === Node.ELEMENT_NODE && node.nodeName === 'MARK') nodes.push(<mark key={i}>{node.textContent}</mark>)
    else nodes.push(node.textContent)
  })
  return <span className={className}>{nodes}</span>
}
