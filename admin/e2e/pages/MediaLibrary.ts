import { expect, type Locator, type Page } from '@playwright/test'

type FilePayload = { name: string; mimeType: string; buffer: Buffer }

/** The media library, on its screen or inside the picker's dialog (`root`), by role and label. */
export class MediaLibrary {
  readonly uploads: Locator
  readonly files: Locator
  readonly details: Locator
  readonly search: Locator

  constructor(
    readonly page: Page,
    readonly root: Page | Locator = page,
  ) {
    this.uploads = root.getByRole('list', { name: 'Uploads' })
    this.files = root.getByRole('list', { name: 'Files' })
    this.details = root.locator('section.media-details')
    this.search = root.getByRole('searchbox', { name: 'Search media' })
  }

  async goto(siteId: string, query = ''): Promise<void> {
    await this.page.goto(`/admin/sites/${siteId}/media${query}`)
    await expect(this.page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible()
  }

  /** Through the file chooser, as a user picks files. */
  async upload(files: FilePayload[]): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser')
    await this.root.getByRole('button', { name: 'Choose files' }).click()
    await (await chooser).setFiles(files)
  }

  uploadRow(name: string): Locator {
    return this.uploads.getByRole('listitem').filter({ hasText: name })
  }

  tile(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true })
  }

  /** The fieldset of one content locale's texts, by its code. */
  localeTexts(code: string): Locator {
    return this.details.getByRole('group', { name: new RegExp(`\\(${code}\\)$`) })
  }

  async setTexts(code: string, texts: { alt: string; caption?: string; title?: string }): Promise<void> {
    const group = this.localeTexts(code)
    await group.getByRole('textbox', { name: 'Alt text' }).fill(texts.alt)
    if (texts.caption !== undefined) await group.getByRole('textbox', { name: 'Caption' }).fill(texts.caption)
    if (texts.title !== undefined) await group.getByRole('textbox', { name: 'Title' }).fill(texts.title)
  }

  async saveTexts(): Promise<void> {
    await this.details.getByRole('button', { name: 'Save texts' }).click()
    await expect(this.details.getByText('Texts saved.')).toBeVisible()
  }
}
