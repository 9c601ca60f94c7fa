import { afterEach, describe, expect, it } from 'vitest'
import { claimSpot, focusSpotIn, registerMarkdownCaret, restoreInputFocus } from './carriedFocus'
import { draftStore } from './drafts'
import { handOver, takeHandedFocus, takeHandOver } from './handOver'

/** A form as the blog editor renders its fields: labelled inputs, and the Markdown body's host with its shadow root. */
function form(values: { title: string; subtitle: string }): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = `
    <label for="t${values.title.length}">Title</label><input id="t${values.title.length}" value="${values.title}">
    <label for="s${values.subtitle.length}">Subtitle</label><input id="s${values.subtitle.length}" value="${values.subtitle}">
    <div class="md-editor"></div>`
  const content = document.createElement('div')
  content.id = 'blog-body'
  content.tabIndex = 0
  root.querySelector('.md-editor')!.attachShadow({ mode: 'open' }).append(content)
  document.body.append(root)
  return root
}
const input = (root: HTMLElement, label: string) => [...root.querySelectorAll('input')].find((i) => i.labels?.[0]?.textContent === label)!

afterEach(async () => {
  document.body.innerHTML = ''
  await draftStore().clearAll()
})

describe('the caret of a new post’s form, carried to the post’s editor as the form gives way', () => {
  it('is noted in an input by its label and selection, and put back into the same field of the next form', () => {
    const before = form({ title: 'Spring', subtitle: 'The tuli' })
    const field = input(before, 'Subtitle')
    field.focus()
    field.setSelectionRange(4, 8)
    const spot = focusSpotIn(before)
    expect(spot).toEqual({ field: 'label:Subtitle', anchor: 4, head: 8 })
    before.remove()

    // The post's editor, once it shows the handed-over text (a few more letters typed before the form left).
    const after = form({ title: 'Spring', subtitle: 'The tulips' })
    restoreInputFocus(after, spot)
    const again = input(after, 'Subtitle')
    expect(document.activeElement).toBe(again)
    expect([again.selectionStart, again.selectionEnd]).toEqual([4, 8])
  })

  it('is asked of the Markdown editor that has it (CodeMirror keeps the selection), and that editor claims it once', () => {
    const before = form({ title: 'Spring', subtitle: '' })
    const off = registerMarkdownCaret('blog-body', () => ({ anchor: 11, head: 11 }))
    const host = before.querySelector<HTMLElement>('.md-editor')!
    host.shadowRoot!.getElementById('blog-body')!.focus()
    const spot = focusSpotIn(before)
    expect(spot).toEqual({ field: 'blog-body', anchor: 11, head: 11 })
    off()

    const carried = { spot }
    expect(claimSpot(carried, 'other-body', 40)).toBeUndefined()
    // Clamped to the text the new editor holds; taken once (a later remount of the body, another locale, gets nothing).
    expect(claimSpot(carried, 'blog-body', 9)).toEqual({ anchor: 9, head: 9 })
    expect(claimSpot(carried, 'blog-body', 40)).toBeUndefined()
  })

  it('is nothing when the focus is outside the form or on no text field', () => {
    const root = form({ title: 'Spring', subtitle: '' })
    expect(focusSpotIn(root)).toBeUndefined()
    const button = document.createElement('button')
    root.append(button)
    button.focus()
    expect(focusSpotIn(root)).toBeUndefined()
  })

  it('goes with the handed-over edits, to that post’s editor only, once', () => {
    const spot = { field: 'blog-body', anchor: 3, head: 3 }
    handOver('s1', 'b1', [], spot)
    expect(takeHandedFocus('s1', 'b2')).toBeUndefined()
    expect(takeHandOver('s1', 'b1')).toEqual([])
    expect(takeHandedFocus('s1', 'b1')).toEqual(spot)
    expect(takeHandedFocus('s1', 'b1')).toBeUndefined()
  })
})
