import { registerMessages } from '../../../shared/i18n/register'

/* The blog list's filter, order and column strings (the rest of its strings are still in the shell's `blogs` namespace). */
const en = {
  list: {
    author: 'Author',
    authorPlaceholder: 'Exact name',
    searchLocale: 'Language',
    everyLocale: 'Every language',
    searchLocaleHint: 'Searched, and the titles shown',
    tag: 'Tag',
    allTags: 'All tags',
    category: 'Category',
    allCategories: 'All categories',
    categoryHint: 'Includes its subcategories',
    sort: 'Order',
    filterWithSearch: 'Search results are ranked by relevance',
    sorts: {
      '-created_at': 'Newest created first',
      created_at: 'Oldest created first',
      '-updated_at': 'Recently updated first',
      updated_at: 'Least recently updated first',
      '-published_date': 'Newest published first',
      published_date: 'Oldest published first',
      title: 'Title A–Z',
      '-title': 'Title Z–A',
    },
  },
}

const de: typeof en = {
  list: {
    author: 'Autor',
    authorPlaceholder: 'Genauer Name',
    searchLocale: 'Sprache',
    everyLocale: 'Alle Sprachen',
    searchLocaleHint: 'Durchsucht, und die gezeigten Titel',
    tag: 'Schlagwort',
    allTags: 'Alle Schlagwörter',
    category: 'Kategorie',
    allCategories: 'Alle Kategorien',
    categoryHint: 'Schließt ihre Unterkategorien ein',
    sort: 'Reihenfolge',
    filterWithSearch: 'Suchergebnisse sind nach Relevanz geordnet',
    sorts: {
      '-created_at': 'Zuletzt erstellte zuerst',
      created_at: 'Zuerst erstellte zuerst',
      '-updated_at': 'Zuletzt geänderte zuerst',
      updated_at: 'Am längsten unveränderte zuerst',
      '-published_date': 'Zuletzt veröffentlichte zuerst',
      published_date: 'Zuerst veröffentlichte zuerst',
      title: 'Titel A–Z',
      '-title': 'Titel Z–A',
    },
  },
}

registerMessages('blogs', en, de)
