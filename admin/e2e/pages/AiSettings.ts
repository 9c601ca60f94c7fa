import type { Locator, Page } from '@playwright/test'

export class AiSettingsPage {
  readonly heading: Locator
  readonly providerName: Locator
  readonly baseUrl: Locator
  readonly model: Locator
  readonly newKey: Locator
  readonly save: Locator
  readonly listModels: Locator
  readonly test: Locator
  readonly maskedKey: Locator
  readonly testResult: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'AI assistant' })
    this.providerName = page.getByRole('textbox', { name: 'Provider name' })
    this.baseUrl = page.getByRole('textbox', { name: 'Base URL' })
    this.model = page.getByRole('textbox', { name: 'Model', exact: true })
    this.newKey = page.getByLabel('New API key')
    this.save = page.getByRole('button', { name: 'Save configuration' })
    this.listModels = page.getByRole('button', { name: 'List models' })
    this.test = page.getByRole('button', { name: 'Test connection' })
    this.maskedKey = page.getByTestId('masked-key')
    this.testResult = page.getByTestId('test-result')
  }

  async goto(siteId: string): Promise<void> {
    await this.page.goto(`/admin/sites/${siteId}/ai`)
  }

  preset(name: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${name}`) })
  }
}
