/**
 * The site's own words (buttons, labels, error pages), in the locale of the page: its route's locale (`/de/…` is
 * German), whatever the content's language. One dictionary per language below; a locale without one, or a word a
 * dictionary lacks, falls back to English. `de-AT` uses `de`. To add a language, copy `de` and translate it.
 */
const en = {
  skipToContent: 'Skip to content',
  mainMenu: 'Main',
  footerMenu: 'Footer',
  languageMenu: 'Language',
  opensInNewTab: '(opens in a new tab)',
  rssFeed: 'RSS feed',
  cookieSettings: 'Cookie settings',
  previewLabel: 'Preview',
  previewText: 'a draft, not public. This link works until',
  publishedVersion: 'Published version',
  previewTitle: 'Preview: {title}',
  latestPosts: 'Latest posts',
  allPosts: 'All posts',
  blog: 'Blog',
  blogPage: 'Blog, page {page}',
  taggedWith: 'Posts tagged “{tag}”',
  noPosts: 'No posts yet.',
  untitled: 'Untitled',
  minutesToRead: '{minutes} min read',
  categoriesAndTags: 'Categories and tags',
  pages: 'Pages',
  newerPosts: 'Newer posts',
  olderPosts: 'Older posts',
  pageOf: 'Page {page} of {pages}',
  lastUpdated: 'Last updated',
  alwaysOn: '(always on)',
  cookiesOf: 'Cookies of {group}',
  cookieName: 'Name',
  cookieProvider: 'Provider',
  cookiePurpose: 'Purpose',
  cookieExpiry: 'Expiry',
  changeCookieSettings: 'Change your cookie settings',
  cookies: 'Cookies',
  chooseWhatYouAllow: 'Choose what you allow',
  acceptAll: 'Accept all',
  onlyNecessary: 'Only necessary',
  saveMyChoice: 'Save my choice',
  details: 'Details',
  notFoundTitle: 'Page not found',
  notFoundText: 'There is nothing at this address. It may have moved or been unpublished.',
  previewGoneTitle: 'Preview link not valid',
  previewGoneText: 'This preview link has expired or was revoked. Ask for a new one in Atrium.',
  tooManyTitle: 'Too many requests',
  tooManyText: 'The content service is rate limiting this site right now. Please try again in {seconds} s.',
  unavailableTitle: 'Content unavailable',
  unavailableText: 'The content service could not be reached. Please try again in a moment.',
}

export type Messages = typeof en
export type MessageKey = keyof Messages

const de: Messages = {
  skipToContent: 'Zum Inhalt springen',
  mainMenu: 'Hauptmenü',
  footerMenu: 'Fußzeile',
  languageMenu: 'Sprache',
  opensInNewTab: '(öffnet in einem neuen Tab)',
  rssFeed: 'RSS-Feed',
  cookieSettings: 'Cookie-Einstellungen',
  previewLabel: 'Vorschau',
  previewText: 'ein Entwurf, nicht öffentlich. Dieser Link gilt bis',
  publishedVersion: 'Veröffentlichte Fassung',
  previewTitle: 'Vorschau: {title}',
  latestPosts: 'Neueste Beiträge',
  allPosts: 'Alle Beiträge',
  blog: 'Blog',
  blogPage: 'Blog, Seite {page}',
  taggedWith: 'Beiträge mit dem Schlagwort „{tag}“',
  noPosts: 'Noch keine Beiträge.',
  untitled: 'Ohne Titel',
  minutesToRead: '{minutes} Min. Lesezeit',
  categoriesAndTags: 'Kategorien und Schlagwörter',
  pages: 'Seiten',
  newerPosts: 'Neuere Beiträge',
  olderPosts: 'Ältere Beiträge',
  pageOf: 'Seite {page} von {pages}',
  lastUpdated: 'Zuletzt geändert',
  alwaysOn: '(immer aktiv)',
  cookiesOf: 'Cookies der Gruppe {group}',
  cookieName: 'Name',
  cookieProvider: 'Anbieter',
  cookiePurpose: 'Zweck',
  cookieExpiry: 'Laufzeit',
  changeCookieSettings: 'Cookie-Einstellungen ändern',
  cookies: 'Cookies',
  chooseWhatYouAllow: 'Wählen Sie, was Sie erlauben',
  acceptAll: 'Alle akzeptieren',
  onlyNecessary: 'Nur notwendige',
  saveMyChoice: 'Auswahl speichern',
  details: 'Details',
  notFoundTitle: 'Seite nicht gefunden',
  notFoundText: 'Unter dieser Adresse gibt es nichts. Vielleicht wurde die Seite verschoben oder nicht mehr veröffentlicht.',
  previewGoneTitle: 'Vorschau-Link ungültig',
  previewGoneText: 'Dieser Vorschau-Link ist abgelaufen oder wurde widerrufen. Bitten Sie in Atrium um einen neuen.',
  tooManyTitle: 'Zu viele Anfragen',
  tooManyText: 'Der Inhaltsdienst begrenzt diese Website gerade. Bitte versuchen Sie es in {seconds} s erneut.',
  unavailableTitle: 'Inhalte nicht verfügbar',
  unavailableText: 'Der Inhaltsdienst ist nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
}

const dictionaries: Record<string, Partial<Messages>> = { en, de }

/** Looks a word up, with `{name}` placeholders filled in. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string

/** The dictionary of a locale code (`de`, `de-AT`), else English; any word it lacks is English too. */
export function translator(code: string): Translate {
  const lower = code.toLowerCase()
  const dictionary = dictionaries[lower] ?? dictionaries[lower.split('-')[0]!] ?? en
  return (key, values) => {
    const text = dictionary[key] ?? en[key]
    return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text
  }
}
