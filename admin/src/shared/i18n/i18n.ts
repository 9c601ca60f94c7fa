import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from './locales/en'

/** UI languages (separate from content locales). English is bundled; the others load when chosen. */
export const UI_LANGUAGES = ['en', 'de'] as const
export type UiLanguage = (typeof UI_LANGUAGES)[number]
const STORAGE_KEY = 'atrium-admin:lang'
const RTL = new Set(['ar', 'he', 'fa', 'ur'])

const loaders: Record<Exclude<UiLanguage, 'en'>, () => Promise<{ default: typeof en }>> = {
  de: () => import('./locales/de'),
}

export const isUiLanguage = (v: string | null | undefined): v is UiLanguage => (UI_LANGUAGES as readonly string[]).includes(v ?? '')

/** The stored choice, else the browser's language when we have it, else English (public/boot.js decides the same way). */
export function initialLanguage(): UiLanguage {
  let stored: string | null = null
  try {
    stored = localStorage.getItem(STORAGE_KEY)
  } catch {
    /* storage blocked */
  }
  const candidate = stored ?? navigator.language.slice(0, 2)
  return isUiLanguage(candidate) ? candidate : 'en'
}

async function load(lang: UiLanguage): Promise<void> {
  if (lang === 'en' || i18next.hasResourceBundle(lang, 'common')) return
  const messages = (await loaders[lang]()).default
  for (const [ns, bundle] of Object.entries(messages)) i18next.addResourceBundle(lang, ns, bundle, true, true)
}

/** Switches the UI language: loads it, stores the choice for this browser, sets `lang` and `dir` on <html>. */
export async function setLanguage(lang: UiLanguage): Promise<void> {
  await load(lang)
  await i18next.changeLanguage(lang)
  try {
    localStorage.setItem(STORAGE_KEY, lang)
  } catch {
    /* storage blocked: this page only */
  }
  document.documentElement.lang = lang
  document.documentElement.dir = RTL.has(lang) ? 'rtl' : 'ltr'
}

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { en },
    lng: 'en',
    fallbackLng: 'en',
    ns: Object.keys(en),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  })
  const lang = initialLanguage()
  if (lang !== 'en') await setLanguage(lang)
}

export { i18next }
