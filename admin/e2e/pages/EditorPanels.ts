import { expect, type Locator, type Page } from '@playwright/test'

/** The editor's history drawer, AI assist and side-by-side translation view, by role and name. */
export class EditorPanels {
  readonly history: Locator
  readonly aiMenu: Locator
  readonly aiDialog: Locator
  readonly translation: Locator

  constructor(readonly page: Page) {
    this.history = page.getByRole('dialog', { name: 'Change history' })
    this.aiMenu = page.getByRole('button', { name: 'AI assist' })
    this.aiDialog = page.getByRole('dialog')
    this.translation = page.getByTestId('translation-view')
  }

  async openHistory(): Promise<void> {
    await this.page.getByRole('button', { name: 'History', exact: true }).click()
    await expect(this.history.getByTestId('history-panel')).toBeVisible()
  }

  /** The change (one write) whose diff shows `text`, of a record of the editor by its entity type (`blog`, `blog_localization`, `page`, …). */
  change(entity: 'blog' | 'blog_localization' | 'page' | 'page_section' | 'page_section_localization', text: string): Locator {
    return this.history.locator(`li[data-entity="${entity}"]`).filter({ hasText: text })
  }

  async revertChosen(): Promise<void> {
    await this.history.getByRole('button', { name: /^Revert \d+ changes?$/ }).click()
    await this.history.getByRole('button', { name: 'Revert now' }).click()
    await expect(this.history.getByRole('status').filter({ hasText: 'Reverted:' })).toBeVisible()
  }

  async ai(action: string): Promise<void> {
    await this.aiMenu.click()
    await this.page.getByRole('group', { name: 'AI assist' }).getByRole('button', { name: action }).click()
  }
}
