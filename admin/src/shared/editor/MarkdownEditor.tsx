import { markdown } from '@codemirror/lang-markdown'
import CodeMirror, { EditorView } from '@uiw/react-codemirror'
import { useEffect, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'

/**
 * The Markdown body editor: CodeMirror 6, its own lazily loaded chunk.
 *
 * CSP: CodeMirror's styles go through style-mod, which writes a <style> element into a document (refused by the
 * admin's `style-src 'self'`) but a constructed style sheet (adoptedStyleSheets) into a shadow root, which CSP does
 * not govern. So the editor lives in a shadow root of its own: no 'unsafe-inline', no nonce, and the e2e spec fails
 * on any CSP report.
 */
export default function MarkdownEditor({ value, onChange, label, id }: { value: string; onChange: (v: string) => void; label: string; id: string }) {
  const host = useRef<HTMLDivElement>(null)
  const [shadow, setShadow] = useState<ShadowRoot | undefined>(undefined)
  useEffect(() => {
    const el = host.current
    if (el) setShadow(el.shadowRoot ?? el.attachShadow({ mode: 'open' }))
  }, [])
  const extensions = useMemo(() => [markdown(), EditorView.lineWrapping, EditorView.contentAttributes.of({ 'aria-label': label, id })], [label, id])
  return (
    <div ref={host} className="md-editor">
      {shadow &&
        createPortal(
          <CodeMirror root={shadow} value={value} onChange={onChange} extensions={extensions} minHeight="320px" basicSetup={{ foldGutter: false, highlightActiveLineGutter: false }} />,
          shadow,
        )}
    </div>
  )
}
