import { markdown } from '@codemirror/lang-markdown'
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { tags } from '@lezer/highlight'
import { Button, Group } from '@mantine/core'
import CodeMirror, { EditorView, keymap, Prec } from '@uiw/react-codemirror'
import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { CarriedFocusContext, claimSpot, registerMarkdownCaret } from './carriedFocus'
import type { ImageInsert, InsertedImage } from './ImagePicker'
import { imageEdit, markdownEdit, type MarkdownAction, type TextEdit } from './markdownCommands'
import { rovingIndex } from './roving'

/**
 * The Markdown body editor: CodeMirror 6, its own lazily loaded chunk.
 *
 * CSP: CodeMirror's styles go through style-mod, which writes a <style> element into a document (refused by the
 * admin's `style-src 'self'`) but a constructed style sheet (adoptedStyleSheets) into a shadow root, which CSP does
 * not govern. So the editor lives in a shadow root of its own: no 'unsafe-inline', no nonce, and the e2e spec fails
 * on any CSP report.
 *
 * Colours: Mantine's CSS variables inherit into the shadow root, so one theme written in them follows the light and
 * dark schemes (CodeMirror's own light theme stayed white with light-grey text in the dark scheme).
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

const schemeTheme = EditorView.theme({
  '&': { backgroundColor: 'var(--mantine-color-body)', color: 'var(--mantine-color-text)' },
  '.cm-content': { caretColor: 'var(--mantine-color-text)', fontFamily: 'var(--mantine-font-family-monospace)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--mantine-color-text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--mantine-color-blue-light-hover)' },
  '.cm-activeLine': { backgroundColor: 'var(--mantine-color-default-hover)' },
  '.cm-gutters': {
    backgroundColor: 'var(--mantine-color-body)',
    color: 'var(--mantine-color-dimmed)',
    borderRight: '1px solid var(--mantine-color-default-border)',
  },
  '.cm-activeLineGutter': { backgroundColor: 'var(--mantine-color-default-hover)' },
})

/** Headings bold and larger, never underlined (CodeMirror's default style underlines them); colours from the scheme. */
const markdownStyle = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.heading1, fontWeight: '700', fontSize: '1.4em' },
    { tag: tags.heading2, fontWeight: '700', fontSize: '1.25em' },
    { tag: [tags.heading3, tags.heading4, tags.heading5, tags.heading6], fontWeight: '700', fontSize: '1.1em' },
    { tag: tags.strong, fontWeight: '700' },
    { tag: tags.emphasis, fontStyle: 'italic' },
    { tag: tags.strikethrough, textDecoration: 'line-through' },
    { tag: [tags.link, tags.url], color: 'var(--mantine-color-anchor)' },
    { tag: tags.quote, color: 'var(--mantine-color-dimmed)', fontStyle: 'italic' },
    { tag: tags.monospace, color: 'var(--mantine-color-grape-text)' },
    { tag: [tags.processingInstruction, tags.meta, tags.contentSeparator], color: 'var(--mantine-color-dimmed)' },
  ]),
)

const TOOLBAR: MarkdownAction[] = ['heading', 'bold', 'italic', 'link', 'list', 'quote', 'code']

/**
 * The toolbar is one Tab stop (the ARIA toolbar pattern): Tab reaches the button used last, Left and Right (Home,
 * End) move between the buttons, Enter or Space applies and puts the focus back in the text. In the text, Ctrl/Cmd+B
 * and +I do bold and italic.
 */
const formatKeys = (placeholder: () => string) =>
  Prec.high(
    keymap.of(
      (['bold', 'italic'] as const).map((action) => ({
        key: action === 'bold' ? 'Mod-b' : 'Mod-i',
        run: (view: EditorView) => {
          const { from, to } = view.state.selection.main
          apply(view, markdownEdit(action, view.state.doc.toString(), from, to, placeholder()))
          return true
        },
      })),
    ),
  )

function apply(view: EditorView, edit: TextEdit): void {
  view.dispatch({ changes: { from: edit.from, to: edit.to, insert: edit.insert }, selection: { anchor: edit.anchor, head: edit.head }, scrollIntoView: true })
  view.focus()
}

/** `description` is read with the label: the text lives in a shadow root, which aria-describedby cannot reach across. */
export default function MarkdownEditor({
  value,
  onChange,
  label,
  id,
  description,
  localeId = null,
  insert = null,
}: {
  value: string
  onChange: (v: string) => void
  label: string
  id: string
  description: string
  localeId?: string | null
  /** From MarkdownField, which reads ImageInsertContext: importing the context here would pull the media picker's chunk into the editor's. */
  insert?: ImageInsert | null
}) {
  const { t } = useTranslation('editor')
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const [shadow, setShadow] = useState<ShadowRoot | undefined>(undefined)
  const [inserting, setInserting] = useState(false)
  const [current, setCurrent] = useState(0)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const carried = useContext(CarriedFocusContext)
  // In a layout effect, as CodeMirror creates its view in one: a post's editor that just took over from the new-post
  // form has the text, and the caret back in it, before the browser handles another key (carriedFocus.ts).
  useLayoutEffect(() => {
    const el = host.current
    if (el) setShadow(el.shadowRoot ?? el.attachShadow({ mode: 'open' }))
  }, [])
  useEffect(
    () =>
      registerMarkdownCaret(id, () => {
        const { anchor, head } = view.current?.state.selection.main ?? { anchor: 0, head: 0 }
        return { anchor, head }
      }),
    [id],
  )
  const extensions = useMemo(
    () => [
      markdown({ completeHTMLTags: false }),
      escapeLeaves,
      formatKeys(() => t('toolbar.placeholder')),
      schemeTheme,
      Prec.high(markdownStyle),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-description': description, id }),
    ],
    [label, id, description, t],
  )
  const act = (action: MarkdownAction) => {
    const v = view.current
    if (!v) return
    const { from, to } = v.state.selection.main
    apply(v, markdownEdit(action, v.state.doc.toString(), from, to, t('toolbar.placeholder')))
  }
  const insertImage = (image: InsertedImage) => {
    setInserting(false)
    const v = view.current
    if (!v) return
    const { from, to } = v.state.selection.main
    apply(v, imageEdit(v.state.doc.toString(), from, to, image))
  }
  const tools: { key: MarkdownAction | 'image'; run: () => void; keepFocus: boolean }[] = [
    ...TOOLBAR.map((action) => ({ key: action, run: () => act(action), keepFocus: true })),
    ...(insert ? [{ key: 'image' as const, run: () => setInserting(true), keepFocus: false }] : []),
  ]
  return (
    <div className="md-editor-frame">
      <Group
        gap={4}
        className="md-toolbar"
        role="toolbar"
        aria-label={t('toolbar.label', { field: label })}
        onKeyDown={(e) => {
          const next = rovingIndex(current, e.key, tools.length, getComputedStyle(e.currentTarget).direction === 'rtl')
          if (next === null) return
          e.preventDefault()
          setCurrent(next)
          buttons.current[next]?.focus()
        }}
      >
        {tools.map((tool, i) => (
          // The editor keeps its selection and focus: a mouse press on a button would otherwise take the focus first.
          <Button
            key={tool.key}
            ref={(el) => {
              buttons.current[i] = el
            }}
            size="compact-xs"
            variant="subtle"
            tabIndex={i === Math.min(current, tools.length - 1) ? 0 : -1}
            onFocus={() => setCurrent(i)}
            onMouseDown={tool.keepFocus ? (e) => e.preventDefault() : undefined}
            onClick={tool.run}
          >
            {t(`toolbar.${tool.key}`)}
          </Button>
        ))}
      </Group>
      <div ref={host} className="md-editor">
        {shadow &&
          createPortal(
            <CodeMirror
              root={shadow}
              value={value}
              onChange={onChange}
              onCreateEditor={(v) => {
                view.current = v
                const spot = claimSpot(carried, id, v.state.doc.length)
                if (spot) {
                  v.dispatch({ selection: spot, scrollIntoView: true })
                  v.focus()
                }
              }}
              theme="none"
              extensions={extensions}
              minHeight="320px"
              basicSetup={{ foldGutter: false, highlightActiveLineGutter: false, autocompletion: false }}
            />,
            shadow,
          )}
      </div>
      {insert && (
        <insert.Dialog
          siteId={insert.siteId}
          localeId={localeId}
          label={t('toolbar.insertImage', { field: label })}
          opened={inserting}
          onClose={() => {
            setInserting(false)
            view.current?.focus()
          }}
          onInsert={insertImage}
        />
      )}
    </div>
  )
}
