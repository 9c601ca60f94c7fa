import { markdown } from '@codemirror/lang-markdown'
import CodeMirror, { EditorView } from '@uiw/react-codemirror'
import { useMemo } from 'react'

/**
 * The Markdown body editor: CodeMirror 6, its own lazily loaded chunk. CodeMirror's themes go through
 * adoptedStyleSheets (constructed style sheets), which the admin's `style-src 'self'` does not block; no <style>
 * element is injected (the e2e spec watches for CSP reports).
 */
export default function MarkdownEditor({ value, onChange, label, id }: { value: string; onChange: (v: string) => void; label: string; id: string }) {
  const extensions = useMemo(() => [markdown(), EditorView.lineWrapping, EditorView.contentAttributes.of({ 'aria-label': label, id })], [label, id])
  return (
    <CodeMirror
      className="md-editor"
      value={value}
      onChange={onChange}
      extensions={extensions}
      minHeight="320px"
      basicSetup={{ foldGutter: false, highlightActiveLineGutter: false }}
    />
  )
}
