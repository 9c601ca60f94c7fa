import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { focusWhenLost, installFocusKeeper } from './focus'

describe('focusWhenLost', () => {
  let target: HTMLButtonElement
  let other: HTMLButtonElement
  beforeEach(() => {
    vi.useFakeTimers()
    document.body.innerHTML = '<button id="target">target</button><button id="other">other</button>'
    target = document.getElementById('target') as HTMLButtonElement
    other = document.getElementById('other') as HTMLButtonElement
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.innerHTML = ''
  })

  it('moves focus that fell to the body to the element, once it can take it', () => {
    target.disabled = true
    focusWhenLost(() => target)
    vi.advanceTimersByTime(200)
    expect(document.activeElement).toBe(document.body)
    target.disabled = false
    vi.advanceTimersByTime(100)
    expect(document.activeElement).toBe(target)
  })

  it('waits for an element that appears later (a refetch, a rebuilt form)', () => {
    let found: HTMLElement | null = null
    focusWhenLost(() => found)
    vi.advanceTimersByTime(500)
    found = target
    vi.advanceTimersByTime(100)
    expect(document.activeElement).toBe(target)
  })

  it('leaves focus that is on another element alone', () => {
    other.focus()
    focusWhenLost(() => target)
    vi.advanceTimersByTime(500)
    expect(document.activeElement).toBe(other)
  })

  it('stops at the next key press, and after its time', () => {
    focusWhenLost(() => target)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
    vi.advanceTimersByTime(500)
    expect(document.activeElement).toBe(document.body)

    focusWhenLost(() => target, 1000)
    other.focus()
    vi.advanceTimersByTime(1500)
    other.blur()
    vi.advanceTimersByTime(500)
    expect(document.activeElement).toBe(document.body)
  })
})

describe('installFocusKeeper', () => {
  let uninstall: () => void
  const $ = (id: string) => document.getElementById(id) as HTMLButtonElement
  /** A mutation observer's callback runs as a microtask: let it, then the keeper's interval. */
  const settle = async (ms = 100) => {
    await Promise.resolve()
    vi.advanceTimersByTime(ms)
  }
  /** What the browser does when the focused element becomes disabled: focus falls to the body (happy-dom keeps it). */
  const disable = async (el: HTMLButtonElement) => {
    el.blur()
    el.disabled = true
    await Promise.resolve()
  }
  beforeEach(() => {
    vi.useFakeTimers()
    document.body.innerHTML = '<section><h2>Part</h2><input id="field"><form><button id="save">Save</button></form><button id="other">Other</button></section>'
    uninstall = installFocusKeeper(10_000)
  })
  afterEach(() => {
    uninstall()
    vi.useRealTimers()
    document.body.innerHTML = ''
  })

  it('gives a busy button its focus back once it is enabled again', async () => {
    $('save').focus()
    await disable($('save'))
    await settle(500)
    expect(document.activeElement).toBe(document.body)
    $('save').disabled = false
    await settle()
    expect(document.activeElement).toBe($('save'))
  })

  it('also when the browser moves the focus away only after the change (at its next rendering)', async () => {
    $('save').focus()
    $('save').disabled = true
    await settle()
    expect(document.activeElement).toBe($('save'))
    // The fix-up, as happy-dom will not blur a disabled element.
    $('save').disabled = false
    $('save').blur()
    $('save').disabled = true
    await settle(500)
    expect(document.activeElement).toBe(document.body)
    $('save').disabled = false
    await settle()
    expect(document.activeElement).toBe($('save'))
  })

  it('gives it to the same button re-rendered in its form, if the old one is gone', async () => {
    $('save').focus()
    await disable($('save'))
    const form = document.querySelector('form')!
    form.innerHTML = '<button id="save2">Save</button>'
    await settle()
    expect(document.activeElement).toBe($('save2'))
  })

  it('gives it to the first control of its part when the form went with the button', async () => {
    $('save').focus()
    await disable($('save'))
    document.querySelector('form')!.remove()
    await settle(300)
    expect(document.activeElement).toBe(document.body)
    await settle(500)
    expect(document.activeElement).toBe($('field'))
  })

  it('leaves a vanished button to an explicit focusWhenLost', async () => {
    $('save').focus()
    await disable($('save'))
    focusWhenLost(() => $('other'))
    $('save').remove()
    await settle(1000)
    expect(document.activeElement).toBe($('other'))
  })

  it('stops at the next key or pointer press, or when focus lands elsewhere', async () => {
    $('save').focus()
    await disable($('save'))
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
    $('save').disabled = false
    await settle()
    expect(document.activeElement).toBe(document.body)

    $('save').focus()
    await disable($('save'))
    $('other').focus()
    $('other').blur()
    $('save').disabled = false
    await settle()
    expect(document.activeElement).toBe(document.body)
  })

  it('does not act for a button that did not have the focus, nor after a pointer press elsewhere', async () => {
    $('other').focus()
    $('other').blur()
    await disable($('save'))
    $('save').disabled = false
    await settle()
    expect(document.activeElement).toBe(document.body)

    $('save').focus()
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    $('save').blur()
    await disable($('save'))
    $('save').disabled = false
    await settle()
    expect(document.activeElement).toBe(document.body)
  })

  it('gives up after its time', async () => {
    $('save').focus()
    await disable($('save'))
    await settle(11_000)
    $('save').disabled = false
    await settle()
    expect(document.activeElement).toBe(document.body)
  })

  it('is gone once uninstalled', async () => {
    uninstall()
    $('save').focus()
    await disable($('save'))
    $('save').disabled = false
    await settle()
    expect(document.activeElement).toBe(document.body)
  })
})
