import { createContext } from 'react'

/*
 * The caret carried across a new record's move to its own editor (handOver.ts carries the values). That move swaps
 * the whole form for another: the field being typed in goes away with the keyboard focus, and every keystroke after
 * it would land on no field at all. So the new form notes which field had the caret and where, as the field leaves,
 * and the record's editor puts the caret back there before the browser handles another key.
 */

/** A field (a Markdown editor's id, or an input's label) and the selection in it. */
export interface FocusSpot {
  field: string
  anchor: number
  head: number
}

/** The Markdown editors on screen by id, each answering its selection (CodeMirror keeps it, not the DOM). */
const markdownCarets = new Map<string, () => { anchor: number; head: number }>()

/** A Markdown editor is on screen (answers the unregister). */
export function registerMarkdownCaret(id: string, caret: () => { anchor: number; head: number }): () => void {
  markdownCarets.set(id, caret)
  return () => {
    if (markdownCarets.get(id) === caret) markdownCarets.delete(id)
  }
}

const labelOf = (el: HTMLInputElement | HTMLTextAreaElement) => el.labels?.[0]?.textContent?.trim() || el.getAttribute('aria-label') || ''

/** The field inside `root` that has the caret, if any. */
export function focusSpotIn(root: HTMLElement | null): FocusSpot | undefined {
  const active = document.activeElement
  if (!root || !active || !root.contains(active)) return undefined
  // The Markdown editor lives in a shadow root: the document's active element is its host.
  const inner = active.shadowRoot?.activeElement
  const caret = inner ? markdownCarets.get(inner.id) : undefined
  if (inner && caret) return { field: inner.id, ...caret() }
  if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) || labelOf(active) === '') return undefined
  const [from, to] = [active.selectionStart ?? active.value.length, active.selectionEnd ?? active.value.length]
  const back = active.selectionDirection === 'backward'
  return { field: `label:${labelOf(active)}`, anchor: back ? to : from, head: back ? from : to }
}

/** Puts the caret back into the input of `root` the spot names (Markdown editors take theirs with claimSpot). */
export function restoreInputFocus(root: HTMLElement | null, spot: FocusSpot | undefined): void {
  if (!root || !spot?.field.startsWith('label:')) return
  const label = spot.field.slice('label:'.length)
  const el = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].find((e) => labelOf(e) === label)
  if (!el) return
  el.focus()
  el.setSelectionRange(Math.min(spot.anchor, spot.head), Math.max(spot.anchor, spot.head), spot.anchor > spot.head ? 'backward' : 'forward')
}

/** The spot the record's editor was handed, for its Markdown editors: the one with that id takes it, once. */
export interface CarriedFocus {
  spot: FocusSpot | undefined
}

export const CarriedFocusContext = createContext<CarriedFocus>({ spot: undefined })

/** The selection for the Markdown editor `id`, once (clamped to its text), if the caret was there. */
export function claimSpot(carried: CarriedFocus, id: string, length: number): { anchor: number; head: number } | undefined {
  const spot = carried.spot
  if (spot?.field !== id) return undefined
  carried.spot = undefined
  return { anchor: Math.min(spot.anchor, length), head: Math.min(spot.head, length) }
}
