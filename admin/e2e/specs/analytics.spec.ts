import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { AnalyticsPage } from '../pages/Analytics'

test('see the analytics chart after pageviews: totals, chart, its table, top content; aggregate now', async ({ page, site, atrium, signInWithKey }) => {
  // A journey with an axe scan: more than the default 30 s on a loaded 2-core runner (about a third of it on a quiet one).
  test.slow()
  // Five pageviews by two visitors (the server's visitor hash takes the user agent), through the public endpoint.
  const view = (path: string, agent: string, referrer?: string) =>
    atrium.POST('/api/v1/sites/{site_id}/analytics/pageview', {
      params: { path: { site_id: site.id } },
      body: { path, ...(referrer ? { referrer } : {}) },
      headers: { 'user-agent': agent },
    })
  await view('/blog/hello-world', 'Visitor A', 'https://news.example/item')
  await view('/blog/hello-world', 'Visitor B')
  await view('/blog/hello-world', 'Visitor A')
  await view('/about', 'Visitor A')
  await view('/', 'Visitor B')
  // Pageviews are buffered for a moment before they are written.
  await expect
    .poll(
      async () =>
        (await atrium.GET('/api/v1/sites/{site_id}/analytics/report', { params: { path: { site_id: site.id }, query: { days: 7 } } })).data!.total_views,
    )
    .toBe(5)

  const csp = watchCsp(page)
  await signInWithKey(page)
  const analytics = new AnalyticsPage(page)
  await analytics.goto(site.id)
  await expect(analytics.heading).toBeVisible()
  await expect(page.getByTestId('total-views')).toHaveText('5')
  await expect(page.getByTestId('total-visitors')).toHaveText('2')
  await expect(analytics.chart).toHaveAccessibleName(/5 views, 2 unique visitors in total\. The busiest day was .* with 5 views\./)
  await expect(analytics.chart.locator('.recharts-line')).toHaveCount(2)
  await expect(analytics.topContent.getByRole('row', { name: /\/blog\/hello-world 3 2 60%/ })).toBeVisible()

  // The chart's accessible alternative: the same numbers per day as a table (today is the last row).
  await analytics.tableToggle.click()
  await expect(analytics.dailyTable).toBeVisible()
  await expect(analytics.dailyTable.locator('tbody tr')).toHaveCount(30)
  await expect(analytics.dailyTable.locator('tbody tr').last()).toContainText(/5\s*2$/)

  // A shorter period is in the URL and survives a reload.
  await analytics.period.click()
  await page.getByRole('option', { name: 'Last 7 days' }).click()
  await expect(page).toHaveURL(/[?&]days=7/)
  await page.reload()
  await analytics.tableToggle.click()
  await expect(analytics.dailyTable.locator('tbody tr')).toHaveCount(7)

  await analytics.aggregate.click()
  await expect(page.getByRole('status').filter({ hasText: /^Aggregated: \d+ rows written or removed\.$/ })).toBeVisible()
  await expect(page.getByTestId('total-views')).toHaveText('5')
  await expectAccessible(page)
  await page.screenshot({ path: `${SCREENSHOTS}analytics.png`, fullPage: true })
  expect(csp).toEqual([])
})

test('a Read key sees the report but is not offered "aggregate now"', async ({ page, site, atrium, signInWithKey }) => {
  const key = (await atrium.POST('/api/v1/api-keys', { body: { name: 'frontend', permission: 'Read', site_id: site.id } })).data!.key
  await signInWithKey(page, key)
  const analytics = new AnalyticsPage(page)
  await analytics.goto(site.id, '?days=7')
  await expect(page.getByTestId('total-views')).toHaveText('0')
  await expect(analytics.chart).toHaveAccessibleName(/No views in this period\./)
  await expect(analytics.aggregate).toHaveCount(0)
})
