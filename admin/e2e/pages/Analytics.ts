import type { Locator, Page } from '@playwright/test'

export class AnalyticsPage {
  readonly heading: Locator
  readonly period: Locator
  readonly chart: Locator
  readonly tableToggle: Locator
  readonly dailyTable: Locator
  readonly topContent: Locator
  readonly aggregate: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Analytics' })
    this.period = page.getByRole('combobox', { name: 'Period' })
    this.chart = page.getByRole('img', { name: /^Line chart of views and unique visitors/ })
    this.tableToggle = page.getByText('Show the numbers per day as a table')
    this.dailyTable = page.getByRole('table', { name: 'Views and unique visitors per day' })
    this.topContent = page.getByRole('table', { name: 'Top content' })
    this.aggregate = page.getByRole('button', { name: 'Aggregate now' })
  }

  async goto(siteId: string, query = ''): Promise<void> {
    await this.page.goto(`/admin/sites/${siteId}/analytics${query}`)
  }
}
