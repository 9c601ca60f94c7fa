import type { Locator } from '@playwright/test'
import { expect, expectAccessible, test } from '../fixtures'
import { BlogEditor } from '../pages/BlogEditor'

/*
 * No clipped control: every control and text inside a panel lies within the panel and the viewport, and nothing in it
 * hides overflowing content (scrollWidth beyond clientWidth), at a desktop and at a phone width.
 */

/** What in `panel` is cut off: described by tag, name and by how many pixels. */
async function clipped(panel: Locator): Promise<string[]> {
  return panel.evaluate((root) => {
    const out: string[] = []
    const box = root.getBoundingClientRect()
    const vw = document.documentElement.clientWidth
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} “${(el.textContent ?? '').trim().slice(0, 30)}”`
    if (box.left < -0.5 || box.right > vw + 0.5) out.push(`the panel itself: ${Math.round(box.left)}…${Math.round(box.right)} of ${vw}`)
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 && r.height === 0) continue
      if (el !== root && (r.left < box.left - 0.5 || r.right > box.right + 0.5))
        out.push(`${name(el)} outside the panel by ${Math.round(Math.max(box.left - r.left, r.right - box.right))} px`)
      if (r.right > vw + 0.5 || r.left < -0.5) out.push(`${name(el)} outside the viewport`)
      const style = getComputedStyle(el)
      const hides = el instanceof HTMLInputElement || ['hidden', 'clip', 'auto', 'scroll'].includes(style.overflowX)
      if (hides && el.scrollWidth > el.clientWidth + 1) out.push(`${name(el)} hides ${el.scrollWidth - el.clientWidth} px of its content`)
    }
    return out
  })
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the Schedule panel shows its fields and Clear buttons whole', async ({ page, site, signInWithKey }) => {
      await signInWithKey(page)
      const editor = new BlogEditor(page)
      await editor.goto(site.id, site.posts.scheduled)
      const panel = page.getByRole('group', { name: 'Schedule' })
      await panel.scrollIntoViewIfNeeded()
      await expect(panel.getByRole('button', { name: 'Clear “Publish from”' })).toBeVisible()
      expect(await clipped(panel)).toEqual([])
      // Both widths and schemes in one go: once is enough.
      if (width > 390) await expectAccessible(page)
    })

    test('the Undo notice shows its text and Undo whole', async ({ page, site, signInWithKey }) => {
      await signInWithKey(page)
      const editor = new BlogEditor(page)
      await editor.goto(site.id, site.posts.draft)
      await editor.button('Delete').click()
      const notice = page.getByRole('alert').filter({ hasText: 'Post deleted' })
      await expect(notice.getByRole('button', { name: 'Undo' })).toBeFocused()
      expect(await clipped(notice)).toEqual([])
      if (width > 390) await expectAccessible(page)
      await notice.getByRole('button', { name: 'Undo' }).click()
    })
  })
}
