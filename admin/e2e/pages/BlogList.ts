import type { Locator, Page } from '@playwright/test'

/** The blog list, found by role and accessible name as a screen-reader user finds it. */
export class BlogList {
  readonly heading: Locator
  readonly table: Locator
  readonly search: Locator
  readonly status: Locator
  readonly perPage: Locator
  readonly author: Locator
  readonly tag: Locator
  readonly category: Locator
  readonly sort: Locator
  readonly nextPage: Locator
  readonly range: Locator
  readonly results: Locator
  readonly newPost: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.table = page.getByRole('table')
    this.search = page.getByRole('searchbox', { name: 'Search posts' })
    this.status = page.getByRole('combobox', { name: 'Status', exact: true })
    this.perPage = page.getByRole('combobox', { name: 'Posts per page' })
    // A text field that suggests the authors in use (a combobox); the filter is the exact text typed or chosen.
    this.author = page.getByRole('combobox', { name: 'Author', exact: true })
    this.tag = page.getByRole('combobox', { name: 'Tag', exact: true })
    this.category = page.getByRole('combobox', { name: 'Category', exact: true })
    this.sort = page.getByRole('combobox', { name: 'Order', exact: true })
    this.nextPage = page.getByRole('button', { name: 'Next page' })
    this.range = page.getByText(/^\d+–\d+ of \d+$/)
    this.results = page.getByRole('status', { name: / succeeded, \d+ failed/ })
    this.newPost = page.getByRole('link', { name: 'New post' })
  }

  async goto(siteId: string, search = ''): Promise<void> {
    await this.page.goto(`/admin/sites/${siteId}/blogs${search}`)
  }

  /** The table's data rows (the header row has no row header cell). */
  rows(): Locator {
    return this.table.locator('tbody tr')
  }

  row(title: string): Locator {
    return this.table.getByRole('row', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
  }

  async select(title: string): Promise<void> {
    await this.page.getByRole('checkbox', { name: `Select “${title}”` }).check()
  }

  async chooseStatus(label: string): Promise<void> {
    await this.choose(this.status, label)
  }

  /** Picks an option of one of the list's selects (status, tag, category, order). */
  async choose(select: Locator, label: string): Promise<void> {
    await select.click()
    await this.page.getByRole('option', { name: label, exact: true }).click()
  }

  /** The titles of the rows, top to bottom. */
  async titles(): Promise<string[]> {
    return this.rows().locator('th').allInnerTexts()
  }

  async bulk(action: 'Publish' | 'Unpublish' | 'Delete'): Promise<void> {
    await this.page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: action, exact: true }).click()
  }
}
