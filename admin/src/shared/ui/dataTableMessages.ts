import { registerMessages } from '../i18n/register'

// The DataTable's own strings, in the chunks of the screens that show one.
const en = {
  actions: 'Actions',
  edit: 'Edit',
  delete: 'Delete',
  selectAll: 'Select all',
  selected_one: '{{count}} selected',
  selected_other: '{{count}} selected',
  clearSelection: 'Clear selection',
  loading: 'Loading…',
  empty: 'Nothing here yet.',
}

const de: typeof en = {
  actions: 'Aktionen',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  selectAll: 'Alle auswählen',
  selected_one: '{{count}} ausgewählt',
  selected_other: '{{count}} ausgewählt',
  clearSelection: 'Auswahl aufheben',
  loading: 'Wird geladen …',
  empty: 'Noch nichts vorhanden.',
}

registerMessages('table', en, de)
