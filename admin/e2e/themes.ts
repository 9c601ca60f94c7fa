import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/** The widths every axe scan runs at: the page's own (a desktop's, as the specs open it) and a phone's. */
export const PHONE = { width: 390, height: 844 } as const

/**
 * The axe scan (WCAG 2.1 A and AA, no serious or critical finding) in the light and the dark scheme, at the page's
 * own size and at a phone's (issue 38, item 8: "the axe scans run in both themes and at phone size"). The scheme is
 * switched the way Mantine applies it, on <html>; scheme and size are put back afterwards, so the page keeps its
 * state and the spec goes on where it was. A finding names the scheme, the width, the element and axe's summary.
 */
export async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  const before = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light')
  const size = page.viewportSize() ?? { width: 1280, height: 720 }
  const sizes = size.width === PHONE.width ? [size] : [size, PHONE]
  const found: string[] = []
  // Four scans where a spec counted on one: each gets the time a scan takes on a busy two-core machine.
  test.info().setTimeout(test.info().timeout + sizes.length * 2 * 10_000)
  try {
    for (const viewport of sizes) {
      await page.setViewportSize(viewport)
      for (const scheme of ['light', 'dark'] as const) {
        await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme)
        await settle(page)
        found.push(...(await axeFindings(page)).map((f) => `${scheme} ${viewport.width}px ${f}`))
      }
    }
  } finally {
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), before)
    await page.setViewportSize(size)
  }
  expect(found).toEqual([])
}

/**
 * Waits (up to a second) for the CSS transitions a scheme or size change started: a scan reads what a user sees once
 * they end. (The specs ask for reduced motion, under which the admin's own widgets change at once: theme.css.)
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a instanceof CSSTransition)
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 1_000))])
  })
}

/** The page's serious and critical axe findings, one line per element: rule, target, and axe's failure summary. */
export async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 240)}`))
}
