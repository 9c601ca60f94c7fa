import { i18next } from './i18n'

/**
 * A feature's own strings under its own namespace, registered when the feature's route chunk loads: the entry
 * bundle carries only the shell's strings, and each screen brings its English and German with it. German must
 * have every key English has (the type says so).
 */
export function registerMessages<T extends Record<string, unknown>>(ns: string, en: T, de: NoInfer<T>): void {
  i18next.addResourceBundle('en', ns, en, true, true)
  i18next.addResourceBundle('de', ns, de, true, true)
}
