import { expect, type Locator, type Page } from '@playwright/test'

/** The page editor and its sections, by role and label. */
export class PageEditor {
  readonly heading: Locator
  readonly saveStatus: Locator
  readonly announcer: Locator
  readonly sections: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.saveStatus = page.getByTestId('save-status')
    this.announcer = page.getByTestId('sections-announcer')
    this.sections = page.getByRole('list', { name: 'Sections of the page, in order' }).getByRole('article')
  }

  async gotoNew(siteId: string): Promise<void> {
    await this.page.goto(`/admin/sites/${siteId}/pages/new`)
    await expect(this.heading).toHaveText('New page')
  }

  /** One section's card, by its accessible name (e.g. `section “Welcome” (hero)`). */
  section(name: string | RegExp): Locator {
    return this.page.getByRole('article', { name })
  }

  locale(code: string): Locator {
    return this.page.getByRole('navigation', { name: 'Languages of this page' }).locator(`[data-locale="${code}"]`)
  }

  /** Adds a section of a type; its title field takes the focus. */
  async addSection(type: string, title: string): Promise<void> {
    const count = await this.sections.count()
    await this.page.getByLabel('Type of the new section').selectOption(type)
    await this.page.getByRole('button', { name: 'Add section' }).click()
    await expect(this.sections).toHaveCount(count + 1)
    await expect(this.page.getByRole('textbox', { name: 'Title (en)' }).last()).toBeFocused()
    await this.page.keyboard.type(title)
  }

  async save(): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+s')
  }

  async expectSaved(): Promise<void> {
    await expect(this.saveStatus).toHaveAttribute('data-status', 'saved')
  }
}
