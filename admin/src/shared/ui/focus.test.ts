import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { focusWhenLost, keepFocusThroughSubmit } from './focus'

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

describe('keepFocusThroughSubmit', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    document.body.innerHTML = '<button id="save">Save</button>'
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.innerHTML = ''
  })

  it('gives the focus back to the control the submit came from when it falls to the body (a busy button)', () => {
    const save = document.getElementById('save') as HTMLButtonElement
    save.focus()
    keepFocusThroughSubmit()
    save.blur()
    expect(document.activeElement).toBe(document.body)
    vi.advanceTimersByTime(100)
    expect(document.activeElement).toBe(save)
  })

  it('does nothing when no control has the focus', () => {
    keepFocusThroughSubmit()
    vi.advanceTimersByTime(500)
    expect(document.activeElement).toBe(document.body)
  })
})
