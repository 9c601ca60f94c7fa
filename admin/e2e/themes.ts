import type { Page } from '@playwright/test'
import { expectAccessible } from './fixtures'

/**
 * The axe scan in the light and the dark scheme (admin.md: "the axe scans run in both themes"). The scheme is
 * switched the way Mantine applies it, on <html>, and put back afterwards, so the page keeps its state.
 */
export async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  const before = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light')
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme)
    await expectAccessible(page)
  }
  await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), before)
}
