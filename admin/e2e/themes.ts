import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

/** The widths every looks check runs at: the page's own (a desktop's, as the specs open it) and a phone's. */
export const PHONE = { width: 390, height: 844 } as const

/**
 * Looks of what the page shows right now (issue 38, item 8: "the axe scans run in both themes and at phone size on
 * every screen"), in the light and the dark scheme, at the page's own size and at a phone's:
 *   - axe (WCAG 2.1 A and AA): no serious or critical finding;
 *   - at the phone's width, the page does not scroll sideways (wide content scrolls inside its own box);
 *   - no visible button whose label is clipped.
 * The scheme is switched the way Mantine applies it, on <html>, and the size by the viewport, without reloading: an open
 * dialog, menu, popover or notice stays open and is checked in all four. Scheme and size are put back afterwards, so
 * the spec goes on where it was. A finding names the scheme, the width, the check and the element.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const before = await scheme(page)
  const size = page.viewportSize() ?? { width: 1280, height: 720 }
  const sizes = size.width <= PHONE.width ? [size] : [size, PHONE]
  const found: string[] = []
  // Four scans where a spec once counted on one: each gets the time a scan takes on a busy two-core machine.
  test.info().setTimeout(test.info().timeout + sizes.length * 2 * 10_000)
  try {
    let current: Scheme = before === 'dark' ? 'dark' : 'light'
    for (const viewport of sizes) {
      if (viewport !== size) await page.setViewportSize(viewport)
      await settle(page)
      found.push(...(await layoutFindings(page, viewport.width <= PHONE.width)).map((f) => `${viewport.width}px ${f}`))
      // The scheme the page is in first (every rule), then the other: a scheme changes colours only, so its scan is
      // the colour rules'. One switch per size; each scheme gets the full scan at one of the sizes.
      for (const s of [current, current === 'dark' ? 'light' : 'dark'] as const) {
        if (s !== current) {
          await page.evaluate((v) => document.documentElement.setAttribute('data-mantine-color-scheme', v), s)
          await settle(page)
        }
        found.push(...(await axeFindings(page, s === current ? undefined : COLOUR_RULES)).map((f) => `${s} ${viewport.width}px ${f}`))
      }
      current = current === 'dark' ? 'light' : 'dark'
    }
  } finally {
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), before)
    if (page.viewportSize()?.width !== size.width) await page.setViewportSize(size)
  }
  expect(found).toEqual([])
}

type Scheme = 'light' | 'dark'

/** axe's rules whose outcome a colour scheme changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

const scheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light')

/**
 * Waits for the frame a scheme or size change renders, then (up to a second) for the CSS transitions it started: a
 * check reads what a user sees once they end. (The specs ask for reduced motion, under which the admin's own widgets
 * change at once: theme.css.)
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
    const running = document.getAnimations().filter((a) => a instanceof CSSTransition)
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 1_000))])
  })
}

/**
 * The page's serious and critical axe findings (WCAG 2.1 A and AA, or only `rules`), one line per element: rule, target,
 * and axe's failure summary. Legacy mode runs axe.run in the page; the default mode opens a blank page for every scan to
 * merge the frames' results, a cost each of the suite's many scans would pay.
 */
export async function axeFindings(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode()
  const result = await (rules ? builder.withRules(rules) : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 240)}`))
}

/**
 * Sideways page scroll (naming the widest culprits, so a finding says where to look), where `hscroll` asks, and visible
 * buttons with a clipped label.
 */
export async function layoutFindings(page: Page, hscroll = true): Promise<string[]> {
  const layout = await page.evaluate(() => {
    const scroll = document.documentElement.scrollWidth
    const wide: string[] = []
    if (scroll > window.innerWidth) {
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        const r = el.getBoundingClientRect()
        if (r.right > window.innerWidth + 1 && r.width > 0 && getComputedStyle(el).position !== 'fixed') {
          const parentOver = el.parentElement && el.parentElement.getBoundingClientRect().right > window.innerWidth + 1
          if (!parentOver || wide.length === 0)
            wide.push(
              `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).slice(0, 2).join('.') : ''}`,
            )
        }
        if (wide.length >= 3) break
      }
    }
    const clipped: string[] = []
    const visible = (el: HTMLElement) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'
    }
    for (const button of document.querySelectorAll<HTMLElement>('button, [role="button"], a.mantine-Button-root')) {
      if (!visible(button) || !button.textContent?.trim()) continue
      const parts = [button, ...button.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Button-inner')]
      if (parts.some((el) => el.scrollWidth > el.clientWidth + 1)) clipped.push(button.textContent.trim().slice(0, 40))
    }
    return { scroll, inner: window.innerWidth, wide, clipped }
  })
  const out: string[] = []
  if (hscroll && layout.scroll > layout.inner) out.push(`hscroll ${layout.scroll} > ${layout.inner} (${layout.wide.join(', ')})`)
  for (const c of layout.clipped) out.push(`clipped "${c}"`)
  return out
}
