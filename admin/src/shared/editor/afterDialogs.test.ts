import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterDialogsClose } from './afterDialogs'

const tick = () => new Promise((r) => setTimeout(r, 5))

describe('afterDialogsClose', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('runs on the next tick when no dialog is open', async () => {
    const go = vi.fn()
    afterDialogsClose(go)
    expect(go).not.toHaveBeenCalled()
    await tick()
    expect(go).toHaveBeenCalledTimes(1)
  })

  it('waits for an open modal dialog to close, then runs once', async () => {
    document.body.innerHTML = '<div id="picker" role="dialog" aria-modal="true">Choose an image</div>'
    const go = vi.fn()
    afterDialogsClose(go)
    await tick()
    document.body.append(document.createElement('p'))
    await tick()
    expect(go).not.toHaveBeenCalled()
    document.getElementById('picker')!.remove()
    await tick()
    expect(go).toHaveBeenCalledTimes(1)
    document.body.append(document.createElement('p'))
    await tick()
    expect(go).toHaveBeenCalledTimes(1)
  })

  it('ignores a dialog that is not modal, and runs nothing once cancelled', async () => {
    document.body.innerHTML = '<div role="dialog">a popover</div><div id="confirm" role="alertdialog">Leave?</div>'
    const go = vi.fn()
    const cancel = afterDialogsClose(go)
    cancel()
    document.getElementById('confirm')!.remove()
    await tick()
    expect(go).not.toHaveBeenCalled()
    afterDialogsClose(go)
    await tick()
    expect(go).toHaveBeenCalledTimes(1)
  })
})
