import { describe, expect, it } from 'vitest'
import de from '../shared/i18n/locales/de'
import en from '../shared/i18n/locales/en'
import { createAtriumTheme } from './theme'

describe('createAtriumTheme', () => {
  it('names the close button of dialogs and drawers in the UI language', () => {
    for (const [messages, close] of [
      [en, 'Close'],
      [de, 'Schließen'],
    ] as const) {
      const components = createAtriumTheme({ close: messages.common.close }).components ?? {}
      for (const name of ['Modal', 'Drawer']) {
        expect(components[name]?.defaultProps).toMatchObject({ lockScroll: false, closeButtonProps: { 'aria-label': close } })
      }
    }
  })
})
