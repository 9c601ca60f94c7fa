import { startProvider, type StandInProvider } from '../../../test/servers/ai-provider'
import { expect, expectAccessible, SCREENSHOTS, test, watchCsp } from '../fixtures'
import { AiSettingsPage } from '../pages/AiSettings'

// The stand-in provider the server tests use, on 127.0.0.1 (the e2e Atrium allows private AI targets).
let provider: StandInProvider
test.beforeAll(async () => {
  provider = await startProvider()
})
test.afterAll(async () => {
  await provider.close()
})

const KEY = 'sk-e2e-SECRET-0123456789wxyz'

test('AI settings: a preset, list models and test connection against the stand-in; the key is masked and never shown', async ({
  page,
  site,
  signInWithKey,
}) => {
  // A journey with an axe scan: more than the default 30 s on a loaded 2-core runner (about a third of it on a quiet one).
  test.slow()
  const csp = watchCsp(page)
  await signInWithKey(page)
  const ai = new AiSettingsPage(page)
  await ai.goto(site.id)
  await expect(ai.heading).toBeVisible()
  await expect(page.getByText('No provider is configured yet.')).toBeVisible()

  // The four formats' presets; the local server preset fills the form, then it points at the stand-in.
  for (const name of ['OpenAI-compatible', 'Anthropic', 'Ollama', 'Local server']) await expect(ai.preset(name)).toBeVisible()
  await ai.preset('Anthropic').click()
  await expect(ai.baseUrl).toHaveValue('https://api.anthropic.com')
  await expect(page.getByTestId('detected-format')).toHaveText('Format from these settings: Messages API (Anthropic)')
  await ai.preset('Local server').click()
  await expect(ai.providerName).toHaveValue('Local server')
  await ai.baseUrl.fill(`${provider.url}/v1`)
  await expect(page.getByTestId('detected-format')).toContainText('Local server (Chat Completions, plain-text answers)')
  await ai.newKey.fill(KEY)

  // List models: the provider's answer as the API gives it; one click takes a model.
  await ai.listModels.click()
  const models = page.getByRole('list', { name: 'Models the provider offers (2)' })
  await expect(models.getByRole('listitem')).toHaveText([/^model-a/, /^model-b/])
  await models.getByRole('button', { name: 'Use model-b' }).click()
  await expect(ai.model).toHaveValue('model-b')

  await ai.save.click()
  await expect(page.getByRole('status').filter({ hasText: 'Configuration saved.' })).toBeVisible()
  await expect(ai.maskedKey).toHaveText('Stored key: sk-…wxyz')
  await expect(ai.newKey).toHaveCount(0)
  expect(await page.content()).not.toContain('SECRET')

  // Test connection: the API's {success, message}, shown as given.
  await ai.test.click()
  await expect(ai.testResult).toContainText('Connection works')
  // From the top: a full-page shot of a scrolled page draws the sticky header where the viewport was.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SCREENSHOTS}ai-settings.png`, fullPage: true })
  provider.mode = 'error500'
  await ai.test.click()
  await expect(ai.testResult).toContainText('Connection failed')
  provider.mode = 'ok'

  // Replace the key: the new one is masked as well; the old one is never shown.
  await page.getByRole('button', { name: 'Replace key' }).click()
  await ai.newKey.fill('sk-second-key-abcdefgh9876')
  await ai.save.click()
  await expect(ai.maskedKey).toHaveText('Stored key: sk-…9876')
  await page.reload()
  await expect(ai.maskedKey).toHaveText('Stored key: sk-…9876')
  await expect(ai.model).toHaveValue('model-b')
  expect(provider.requests.some((r) => r.headers.authorization === 'Bearer sk-second-key-abcdefgh9876' || r.path.endsWith('/models'))).toBe(true)
  await expectAccessible(page)
  expect(csp).toEqual([])
})

test('AI settings: a field the API refuses keeps the typed values and shows the error on its field', async ({ page, site, signInWithKey }) => {
  await signInWithKey(page)
  const ai = new AiSettingsPage(page)
  await ai.goto(site.id)
  await ai.preset('OpenAI-compatible').click()
  // Link-local addresses are always refused by the server; the form says so on the field.
  await ai.baseUrl.fill('http://169.254.169.254/v1')
  await ai.save.click()
  await expect(page.getByRole('alert').filter({ hasText: 'The configuration was not saved' })).toBeVisible()
  await expect(ai.baseUrl).toHaveAttribute('aria-invalid', 'true')
  await expect(ai.baseUrl).toBeFocused()
  await expect(ai.baseUrl).toHaveValue('http://169.254.169.254/v1')
  await expect(ai.model).toHaveValue('gpt-4o-mini')
})
