import { expect, type Locator, type Page } from '@playwright/test'

/** The navigation screen: menus and the chosen menu's tree, driven by keyboard. */
export class MenuEditor {
  readonly heading: Locator
  readonly announcer: Locator
  readonly orderStatus: Locator
  readonly rows: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.announcer = page.getByTestId('nav-announcer')
    this.orderStatus = page.getByTestId('order-status')
    this.rows = page.getByRole('list', { name: 'Items of the menu, in order' }).getByRole('listitem')
  }

  async goto(siteId: string): Promise<void> {
    await this.page.goto(`/admin/sites/${siteId}/navigation`)
    await expect(this.heading).toHaveText('Navigation')
  }

  /** Focuses a control and presses a key: no pointer involved. */
  async press(target: Locator, key = 'Enter'): Promise<void> {
    await target.focus()
    await target.press(key)
  }

  /** Adds an item at the end, by keyboard: type the title, Tab to the link type, choose it with the arrow keys, Tab on. */
  async addItem(title: string, target: { path: string } | { url: string; newTab?: boolean } | { pageIndex: number }): Promise<void> {
    const kb = this.page.keyboard
    await this.page
      .getByRole('textbox', { name: /^Title \(en, default\)/ })
      .first()
      .focus()
    await kb.type(title)
    await kb.press('Tab')
    await expect(this.page.getByRole('combobox', { name: 'Link type' }).first()).toBeFocused()
    if ('url' in target) await kb.press('ArrowDown')
    if ('pageIndex' in target) {
      await kb.press('ArrowDown')
      await kb.press('ArrowDown')
      await kb.press('Tab')
      for (let i = 0; i <= target.pageIndex; i++) await kb.press('ArrowDown')
    } else {
      await kb.press('Tab')
      await kb.type('path' in target ? target.path : target.url)
    }
    await kb.press('Tab')
    if ('url' in target && target.newTab) await kb.press('Space')
    await kb.press('Tab')
    await expect(this.page.getByRole('button', { name: 'Add item' })).toBeFocused()
    await kb.press('Enter')
    await expect(this.announcer).toHaveText(`“${title}” added at the end.`)
  }

  move(title: string, move: 'up' | 'down' | 'indent' | 'outdent'): Locator {
    const name = { up: `Move “${title}” up`, down: `Move “${title}” down`, indent: `Indent “${title}”`, outdent: `Outdent “${title}”` }[move]
    return this.page.getByRole('button', { name, exact: true })
  }
}
