import type { Locator, Page } from '@playwright/test'

/** The taxonomy screen, found by role and accessible name. */
export class TaxonomyScreen {
  readonly heading: Locator
  readonly tree: Locator
  readonly tags: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.tree = page.getByRole('list', { name: 'Category tree' })
    this.tags = page.getByRole('table', { name: 'Tags of this site' })
  }

  async goto(siteId: string): Promise<void> {
    await this.page.goto(`/admin/sites/${siteId}/taxonomy`)
  }

  /** Fills and submits the category or tag dialog. */
  async create(kind: 'category' | 'tag', name: string, parent?: string): Promise<void> {
    await this.page.getByRole('button', { name: kind === 'category' ? 'New category' : 'New tag' }).click()
    const dialog = this.page.getByRole('dialog', { name: kind === 'category' ? 'New category' : 'New tag' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
    if (parent) await dialog.getByRole('combobox', { name: 'Parent category' }).selectOption({ label: parent })
    await dialog.getByRole('button', { name: 'Create' }).click()
    await dialog.waitFor({ state: 'hidden' })
  }
}
