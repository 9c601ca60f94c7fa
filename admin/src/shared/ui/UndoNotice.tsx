import { Button, Group } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useEffect, useId, useRef } from 'react'
import './undo-notice.css'

let notices = 0

/** The notice's text in the body colour: Mantine's dimmed description is below 4.5:1 in both schemes. */
const NOTICE_CLASSES = { description: 'undo-notice-text' }

/** Turns the notice into "not deleted" after Undo: it closes by itself, or by its close button (named). */
export function showUndone(id: string, o: { title: string; text: string; closeLabel: string }): void {
  notifications.update({
    id,
    title: o.title,
    message: o.text,
    autoClose: 3000,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': o.closeLabel },
    classNames: NOTICE_CLASSES,
  })
}

/**
 * A notice offering "Undo" (delete with undo, admin.md "Optimistic updates"), reachable by keyboard and screen reader:
 * it is an alert (announced as it appears) and its Undo button takes the focus, described by the notice's text. It
 * stays while hovered or while the focus is in it, so nobody has to race a timer; Escape lets it go at once. When it
 * closes with the focus still in it, the focus goes to the screen's title (the h1 every screen has), never to the page.
 *
 * `onClose` runs when the notice closes without Undo (timed out, Escape): the action is let go.
 */
export function showUndoNotice(o: { title: string; text: string; undoLabel: string; ms: number; onUndo: (id: string) => void; onClose: () => void }): string {
  const id = `undo-${++notices}`
  // Undone or closed: the notice is no longer the offer, and its timer is no longer this code's to set.
  const offer = { open: true, focused: false }
  const holdWhileFocused = (focused: boolean) => {
    if (!offer.open || offer.focused === focused) return
    offer.focused = focused
    notifications.update({ id, message, autoClose: focused ? false : o.ms })
  }
  const message = (
    <UndoOffer
      text={o.text}
      undoLabel={o.undoLabel}
      onUndo={() => {
        if (!offer.open) return
        offer.open = false
        o.onUndo(id)
      }}
      onEscape={() => notifications.hide(id)}
    />
  )
  notifications.show({
    id,
    title: o.title,
    autoClose: o.ms,
    withCloseButton: false,
    classNames: NOTICE_CLASSES,
    onFocusCapture: () => holdWhileFocused(true),
    onBlurCapture: (e) => {
      if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) holdWhileFocused(false)
    },
    onClose: () => {
      if (!offer.open) return
      offer.open = false
      o.onClose()
    },
    message,
  })
  return id
}

function UndoOffer({ text, undoLabel, onUndo, onEscape }: { text: string; undoLabel: string; onUndo: () => void; onEscape: () => void }) {
  const undo = useRef<HTMLButtonElement>(null)
  const textId = useId()
  useEffect(() => {
    const button = undo.current
    button?.focus()
    return () => {
      // Closed (or turned into another message) with the focus on Undo: the focus went with the button.
      const active = document.activeElement
      if (active === null || active === document.body || active === button)
        setTimeout(() => document.querySelector<HTMLElement>('h1[data-page-title]')?.focus(), 0)
    }
  }, [])
  return (
    // data-keeps-focus: the route change that goes with the notice must not take the focus back to the screen's title.
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      data-keeps-focus=""
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return
        e.stopPropagation()
        onEscape()
      }}
    >
      <span id={textId} className="ui-undo-text">
        {text}
      </span>
      <Button ref={undo} size="compact-sm" variant="default" aria-describedby={textId} onClick={onUndo} className="ui-undo-button">
        {undoLabel}
      </Button>
    </Group>
  )
}
