/**
 * Keeps the keyboard focus on the control that was used, across a re-render that moves its element in the DOM (a
 * reorder: the browser drops the focus of a node it re-inserts). Call before the state change.
 */
export function keepFocus(): void {
  const active = document.activeElement
  if (!(active instanceof HTMLElement) || active === document.body) return
  setTimeout(() => {
    if (active.isConnected && document.activeElement !== active) active.focus()
  }, 0)
}

/** How many focusWhenLost watches run: while one does, the focus keeper leaves a vanished control's focus to it. */
let explicitWatches = 0

/**
 * Gives the keyboard focus a place to land when an action takes away the control that had it: a button goes with the
 * state it offered to change (mark read, revoke), a form is rebuilt from the saved version, a dialog gives the focus
 * back to a button that is busy by then. (A busy button that stays where it is needs no call: installFocusKeeper,
 * below, covers every one.) For `ms` after the call, whenever focus has fallen to the page's body, it moves to `find()`'s element (once
 * that exists and can take focus). The watch ends at the user's next key press or pointer press: from then on, where
 * focus goes is theirs to decide.
 */
export function focusWhenLost(find: () => HTMLElement | null | undefined, ms = 5000): void {
  explicitWatches++
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    explicitWatches--
    window.clearInterval(timer)
    document.removeEventListener('keydown', stop, true)
    document.removeEventListener('pointerdown', stop, true)
  }
  const rescue = () => {
    const active = document.activeElement
    if (active !== null && active !== document.body) return
    const target = find()
    if (target?.isConnected) target.focus()
  }
  const timer = window.setInterval(rescue, 50)
  window.setTimeout(stop, ms)
  document.addEventListener('keydown', stop, true)
  document.addEventListener('pointerdown', stop, true)
}

const FOCUSABLE = 'button, a[href], input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])'
/**
 * Where a control that vanished looks for a replacement: its form, dialog, fieldset or section, the nearest one still
 * there (not the whole screen: a screen that went leaves the focus to RouteFocus).
 */
const SCOPE = 'form, [role="dialog"], fieldset, section'
const isDisabled = (el: Element) => el.matches(':disabled')
const nameOf = (el: Element) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''
const canTakeFocus = (el: HTMLElement) => el.isConnected && !isDisabled(el) && !el.closest('[inert], [hidden]')

/**
 * Installed once for the whole admin (RootLayout): a control that had the focus and becomes disabled (Mantine's Button
 * with `loading`, a disabled fieldset) drops it to the page's body, and a keyboard user would have to Tab from the top
 * again. The keeper gives it back: to the same control once it is enabled again; if the control is gone by then, to
 * a control of the same kind and name in its form, dialog or section (a re-rendered Save), else to that part's first
 * focusable control. It only steps in while focus is on the body, leaves a vanished control to an explicit
 * `focusWhenLost` (which knows better), and stops at the user's next key or pointer press, when focus lands anywhere
 * else, or after `ms`. Returns the uninstall.
 */
export function installFocusKeeper(ms = 30_000): () => void {
  /** The element that last took the focus; a pointer press elsewhere forgets it (focus on the body is then theirs). */
  let held: HTMLElement | null = null
  let stopWatch: (() => void) | null = null
  let watched: HTMLElement | null = null

  const watch = (el: HTMLElement) => {
    const scopes: HTMLElement[] = []
    for (let s = el.closest<HTMLElement>(SCOPE); s; s = s.parentElement?.closest<HTMLElement>(SCOPE) ?? null) scopes.push(s)
    const tag = el.tagName
    const name = nameOf(el)
    const deadline = Date.now() + ms
    let goneSince = 0
    const stop = () => {
      window.clearInterval(timer)
      if (stopWatch !== stop) return
      stopWatch = null
      watched = null
    }
    const give = (target: HTMLElement) => {
      stop()
      target.focus()
    }
    const tick = () => {
      const active = document.activeElement
      if ((active !== null && active !== document.body && active !== el) || Date.now() > deadline) return stop()
      if (el.isConnected) {
        if (isDisabled(el)) return
        if (active === el) return stop()
        return give(el)
      }
      const scope = scopes.find((s) => s.isConnected)
      if (explicitWatches > 0 || !scope) return stop()
      const same = [...scope.querySelectorAll<HTMLElement>(tag)].find((c) => nameOf(c) === name && canTakeFocus(c))
      if (same) return give(same)
      // A moment for a re-render to bring the control back (or for its screen to go, taking the scopes with it).
      goneSince ||= Date.now()
      if (Date.now() - goneSince < 500) return
      const first = [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].find(canTakeFocus)
      if (first) give(first)
      else stop()
    }
    const timer = window.setInterval(tick, 50)
    stopWatch = stop
    watched = el
  }

  const onFocusIn = (e: FocusEvent) => {
    if (!(e.target instanceof HTMLElement)) return
    held = e.target
    if (e.target !== watched) stopWatch?.()
  }
  const onPress = (e: Event) => {
    stopWatch?.()
    if (e.type === 'pointerdown' && !(e.target instanceof Node && held?.contains(e.target))) held = null
  }
  const observer = new MutationObserver((records) => {
    const el = held
    if (stopWatch !== null || el === null || !el.isConnected || !isDisabled(el)) return
    if (!records.some((r) => r.target.contains(el))) return
    // It had the focus: it still has (the browser moves focus away at its next rendering) or the body has it now.
    const active = document.activeElement
    if (active === el || active === null || active === document.body) watch(el)
  })
  observer.observe(document.body, { attributes: true, attributeFilter: ['disabled'], subtree: true })
  document.addEventListener('focusin', onFocusIn, true)
  document.addEventListener('keydown', onPress, true)
  document.addEventListener('pointerdown', onPress, true)
  return () => {
    stopWatch?.()
    observer.disconnect()
    document.removeEventListener('focusin', onFocusIn, true)
    document.removeEventListener('keydown', onPress, true)
    document.removeEventListener('pointerdown', onPress, true)
  }
}
