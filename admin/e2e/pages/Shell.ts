import type { Locator, Page } from '@playwright/test'

/** The signed-in frame, found the way a screen-reader user finds it: by role and name. */
export class Shell {
  readonly heading: Locator
  readonly nav: Locator
  readonly main: Locator
  readonly profile: Locator
  readonly skipLink: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.nav = page.getByRole('navigation', { name: /Main navigation|Hauptnavigation/ })
    this.main = page.getByRole('main')
    this.profile = page.getByRole('button', { name: /Profile and preferences|Profil und Einstellungen/ })
    this.skipLink = page.getByRole('link', { name: /Skip to content|Zum Inhalt springen/ })
  }

  async gotoDashboard(siteId: string): Promise<void> {
    await this.page.goto(`/admin/sites/${siteId}`)
  }

  /** Chooses from the profile menu and waits until the menu has closed (its closing dropdown, a menu without items, would fail an axe scan). */
  async chooseFromProfile(name: string | RegExp): Promise<void> {
    await this.profile.click()
    await this.page.getByRole('menuitem', { name }).click()
    await this.page.getByRole('menu').waitFor({ state: 'detached' })
  }

  /**
   * Closes the open menu with Escape as a keyboard user does: Mantine's dropdown handles the key only once the focus has
   * moved into it (a key pressed before that, seen under load, left the menu open), so that is waited for first.
   */
  async closeMenu(): Promise<void> {
    await this.page.locator('[role="menu"]:focus, [role="menu"] :focus').waitFor()
    await this.page.keyboard.press('Escape')
    await this.page.getByRole('menu').waitFor({ state: 'detached' })
  }

  async signOut(): Promise<void> {
    await this.profile.click()
    await this.page.getByRole('menuitem', { name: /Sign out|Abmelden/ }).click()
  }
}
