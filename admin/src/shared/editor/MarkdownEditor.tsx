import { markdown } from '@codemirror/lang-markdown'
import CodeMirror, { EditorView, Prec } from '@uiw/react-codemirror'
import { useEffect, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'

/**
 * The Markdown body editor: CodeMirror 6, its own lazily loaded chunk.
 *
 * CSP: CodeMirror's styles go through style-mod, which writes a <style> element into a document (refused by the
 * admin's `style-src 'self'`) but a constructed style sheet (adoptedStyleSheets) into a shadow root, which CSP does
 * not govern. So the editor lives in a shadow root of its own: no 'unsafe-inline', no nonce, and the e2e spec fails
 * on any CSP report.
 *
 * Keyboard: Tab indents (lists nest with it), so the way out is Escape, then Tab or Shift+Tab within two seconds
 * (CodeMirror's tab-focus mode; the field's hint says so, WCAG 2.1.2). CodeMirror arms that mode only when no other
 * binding took the Escape, and its completion takes every Escape while a completion query is still pending (a
 * moment after each keystroke, longer on a busy machine): so Escape arms it first, always, and the body has no
 * completion (the only source was HTML tags, which the preview never renders).
 */
const escapeLeaves = Prec.highest(
  EditorView.domEventHandlers({
    keydown: (event, view) => {
      if (event.key === 'Escape') view.setTabFocusMode(2000)
      return false
    },
  }),
)

/** `description` is read with the label: the text lives in a shadow root, which aria-describedby cannot reach across. */
export default function MarkdownEditor({
  value,
  onChange,
  label,
  id,
  description,
}: {
  value: string
  onChange: (v: string) => void
  label: string
  id: string
  description: string
}) {
  const host = useRef<HTMLDivElement>(null)
  const [shadow, setShadow] = useState<ShadowRoot | undefined>(undefined)
  useEffect(() => {
    const el = host.current
    if (el) setShadow(el.shadowRoot ?? el.attachShadow({ mode: 'open' }))
  }, [])
  const extensions = useMemo(
    () => [
      markdown({ completeHTMLTags: false }),
      escapeLeaves,
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-description': description, id }),
    ],
    [label, id, description],
  )
  return (
    <div ref={host} className="md-editor">
      {shadow &&
        createPortal(
          <CodeMirror
            root={shadow}
            value={value}
            onChange={onChange}
            extensions={extensions}
            minHeight="320px"
            basicSetup={{ foldGutter: false, highlightActiveLineGutter: false, autocompletion: false }}
          />,
          shadow,
        )}
    </div>
  )
}
