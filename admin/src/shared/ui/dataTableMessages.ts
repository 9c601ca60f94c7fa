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
  order: 'Order',
  handle: 'Reorder {{name}}',
  moveUp: 'Move {{name}} up',
  moveDown: 'Move {{name}} down',
  up: 'Move up',
  down: 'Move down',
  announce: {
    pickedUp: 'Picked up {{name}}, position {{position}} of {{total}}.',
    movedTo: '{{name}} moved to position {{position}} of {{total}}.',
    dropped: '{{name}} dropped at position {{position}} of {{total}}.',
    cancelled: 'Reorder cancelled; {{name}} is back at position {{position}}.',
  },
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
  order: 'Reihenfolge',
  handle: '{{name}} umsortieren',
  moveUp: '{{name}} nach oben',
  moveDown: '{{name}} nach unten',
  up: 'Nach oben',
  down: 'Nach unten',
  announce: {
    pickedUp: '{{name}} aufgenommen, Position {{position}} von {{total}}.',
    movedTo: '{{name}} auf Position {{position}} von {{total}} verschoben.',
    dropped: '{{name}} auf Position {{position}} von {{total}} abgelegt.',
    cancelled: 'Umsortieren abgebrochen; {{name}} ist wieder auf Position {{position}}.',
  },
}

registerMessages('table', en, de)
