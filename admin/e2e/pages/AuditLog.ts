import type { Locator, Page } from '@playwright/test'

export class AuditLogPage {
  readonly heading: Locator
  readonly entityType: Locator
  readonly action: Locator
  readonly table: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Audit log' })
    this.entityType = page.getByRole('combobox', { name: 'Record type' })
    this.action = page.getByRole('combobox', { name: 'Action', exact: true })
    this.table = page.getByRole('table')
  }

  async goto(siteId: string, query = ''): Promise<void> {
    await this.page.goto(`/admin/sites/${siteId}/audit${query}`)
  }

  rows(): Locator {
    return this.table.locator('tbody tr[data-entry]')
  }

  async choose(select: Locator, option: string): Promise<void> {
    await select.click()
    await this.page.getByRole('option', { name: option, exact: true }).click()
  }
}
