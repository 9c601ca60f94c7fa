import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * The axe scan (WCAG 2.1 A and AA: no serious or critical violation) in the light and then the dark scheme, on the
 * screen as it is (nothing reloads, so open notices and typed text stay): the scheme is the attribute Mantine's CSS
 * variables follow, set back afterwards. A finding names its scheme and element.
 */
export async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  const scheme = (s: string) => page.evaluate((v) => document.documentElement.setAttribute('data-mantine-color-scheme', v), s)
  const before = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light')
  const bad: string[] = []
  for (const s of ['light', 'dark']) {
    await scheme(s)
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
      bad.push(`${s}: ${v.id}: ${v.nodes.map((n) => `${n.html.slice(0, 160)} ${n.failureSummary?.slice(0, 200) ?? ''}`).join(' | ')}`)
  }
  await scheme(before)
  expect(bad).toEqual([])
}
