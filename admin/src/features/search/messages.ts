import { registerMessages } from '../../shared/i18n/register'

const en = {
  title: 'Search',
  intro: 'Full-text search over this site’s posts, pages and documents.',
  form: 'Search this site',
  query: 'Search for',
  placeholder: 'Words, "a phrase", -excluded',
  types: 'Content types',
  type: { blog: 'Posts', page: 'Pages', document: 'Documents' },
  typeOne: { blog: 'Post', page: 'Page', document: 'Document' },
  locale: 'Language of the content',
  defaultLocale: 'Default language',
  prompt: 'Type a word or a phrase to search.',
  loading: 'Searching…',
  failed: 'The search failed',
  none: 'Nothing found for “{{q}}”.',
  found_one: '{{count}} result for “{{q}}”',
  found_other: '{{count}} results for “{{q}}”',
  untitled: '(untitled)',
  published: 'Published {{when}}',
  results: 'Results',
  pagination: 'Pages of results',
}

const de: typeof en = {
  title: 'Suche',
  intro: 'Volltextsuche über die Beiträge, Seiten und Dokumente dieser Site.',
  form: 'Diese Site durchsuchen',
  query: 'Suchen nach',
  placeholder: 'Wörter, "eine Wortgruppe", -ausgeschlossen',
  types: 'Inhaltstypen',
  type: { blog: 'Beiträge', page: 'Seiten', document: 'Dokumente' },
  typeOne: { blog: 'Beitrag', page: 'Seite', document: 'Dokument' },
  locale: 'Sprache der Inhalte',
  defaultLocale: 'Standardsprache',
  prompt: 'Geben Sie ein Wort oder eine Wortgruppe ein.',
  loading: 'Suche läuft …',
  failed: 'Die Suche ist fehlgeschlagen',
  none: 'Nichts gefunden für „{{q}}“.',
  found_one: '{{count}} Treffer für „{{q}}“',
  found_other: '{{count}} Treffer für „{{q}}“',
  untitled: '(ohne Titel)',
  published: 'Veröffentlicht {{when}}',
  results: 'Ergebnisse',
  pagination: 'Seiten der Ergebnisse',
}

registerMessages('search', en, de)
