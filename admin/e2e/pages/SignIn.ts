import type { Locator, Page } from '@playwright/test'

export class SignInPage {
  readonly heading: Locator
  readonly key: Locator
  readonly submit: Locator
  readonly withIdp: Locator
  readonly alert: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Sign in to Atrium' })
    this.key = page.getByLabel('API key')
    this.submit = page.getByRole('button', { name: 'Sign in', exact: true })
    this.withIdp = page.getByRole('button', { name: 'Sign in with the identity provider' })
    this.alert = page.getByRole('alert')
  }

  async signIn(key: string): Promise<void> {
    await this.key.fill(key)
    await this.submit.click()
  }
}
