import { expect, type Locator, type Page } from '@playwright/test'

/** The blog editor, by role and label. */
export class BlogEditor {
  readonly heading: Locator
  readonly title: Locator
  readonly body: Locator
  readonly metaTitle: Locator
  readonly saveStatus: Locator
  readonly blogStatus: Locator
  readonly conflict: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.title = page.getByRole('textbox', { name: 'Title', exact: true })
    this.body = page.getByRole('textbox', { name: 'Body (Markdown)' })
    this.metaTitle = page.getByRole('textbox', { name: 'Meta title' })
    this.saveStatus = page.getByTestId('save-status')
    this.blogStatus = page.getByTestId('blog-status')
    this.conflict = page.getByRole('region', { name: /changed this post|changed the post settings/ })
  }

  async gotoNew(siteId: string): Promise<void> {
    await this.page.goto(`/admin/sites/${siteId}/blogs/new`)
    await expect(this.heading).toHaveText('New post')
  }

  async goto(siteId: string, blogId: string): Promise<void> {
    await this.page.goto(`/admin/sites/${siteId}/blogs/${blogId}`)
    await expect(this.body).toBeVisible()
  }

  locale(code: string): Locator {
    return this.page.getByRole('navigation', { name: 'Languages of this post' }).locator(`[data-locale="${code}"]`)
  }

  async typeBody(text: string): Promise<void> {
    await this.body.click()
    await this.page.keyboard.press('ControlOrMeta+a')
    await this.page.keyboard.type(text)
  }

  async save(): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+s')
  }

  async expectSaved(): Promise<void> {
    await expect(this.saveStatus).toHaveAttribute('data-status', 'saved')
  }
}
