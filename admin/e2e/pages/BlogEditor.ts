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
  readonly publishStart: Locator
  readonly publishStartHint: Locator
  readonly settings: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.title = page.getByRole('textbox', { name: 'Title', exact: true })
    this.body = page.getByRole('textbox', { name: 'Body (Markdown)' })
    this.metaTitle = page.getByRole('textbox', { name: 'Meta title' })
    this.saveStatus = page.getByTestId('save-status')
    this.blogStatus = page.getByTestId('blog-status')
    this.conflict = page.getByRole('region', { name: /changed this post|changed the post settings/ })
    this.publishStart = page.getByLabel('Publish from', { exact: true })
    this.publishStartHint = page.getByTestId('schedule-publish_start-hint')
    this.settings = page.getByRole('complementary', { name: 'Post settings' })
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

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name, exact: typeof name === 'string' })
  }

  group(name: string): Locator {
    return this.page.getByRole('group', { name, exact: true })
  }

  /** Moves focus with Tab (or Shift+Tab) only, at most `max` presses, until the target has it: the keyboard journey never clicks. */
  async tabTo(target: Locator, { back = false, max = 60 } = {}): Promise<void> {
    for (let i = 0; i <= max; i++) {
      const focused = await target.evaluate((el) => {
        // The Markdown body lives in a shadow root: its focused element is that root's activeElement.
        const active = (el.getRootNode() as Document | ShadowRoot).activeElement
        return active !== null && (el === active || el.contains(active))
      })
      if (focused) return
      if (i < max) await this.page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    }
    throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${String(target)}`)
  }
}
