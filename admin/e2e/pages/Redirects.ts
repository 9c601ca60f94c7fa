import type { Locator, Page } from '@playwright/test'

/** The redirects screen, found by role and accessible name. */
export class RedirectsScreen {
  readonly heading: Locator
  readonly table: Locator
  readonly search: Locator
  readonly csvFile: Locator
  readonly preview: Locator
  readonly testPath: Locator
  readonly testButton: Locator
  readonly testResult: Locator
  readonly newRedirect: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.table = page.getByRole('table', { name: 'Redirects of this site' })
    this.search = page.getByRole('searchbox', { name: 'Search redirects' })
    this.csvFile = page.getByLabel('CSV file')
    this.preview = page.getByRole('table', { name: 'Preview of the import' })
    this.testPath = page.getByRole('textbox', { name: 'Path to test' })
    this.testButton = page.getByRole('button', { name: 'Test', exact: true })
    this.testResult = page.getByTestId('test-result')
    this.newRedirect = page.getByRole('button', { name: 'New redirect' })
  }

  async goto(siteId: string): Promise<void> {
    await this.page.goto(`/admin/sites/${siteId}/redirects`)
  }

  async chooseCsv(name: string, text: string): Promise<void> {
    await this.csvFile.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
  }

  rows(): Locator {
    return this.table.locator('tbody tr')
  }
}
