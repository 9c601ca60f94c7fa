import { registerMessages } from '../i18n/register'

/** The texts of the bulk bar and its results (namespace `bulk`), the same for posts and pages. */
const en = {
  bulkActions: 'Bulk actions',
  selected_one: '{{count}} selected',
  selected_other: '{{count}} selected',
  publish: 'Publish',
  unpublish: 'Unpublish',
  delete: 'Delete',
  cancel: 'Cancel',
  actions: { publish: 'Publish', unpublish: 'Unpublish', delete: 'Delete' },
  bulkSummary: '{{action}}: {{succeeded}} succeeded, {{failed}} failed',
  bulkFailed: 'The bulk action was refused',
  succeeded: 'done',
  failed: 'failed: {{error}}',
  dismiss: 'Dismiss',
}
const de: typeof en = {
  bulkActions: 'Sammelaktionen',
  selected_one: '{{count}} ausgewählt',
  selected_other: '{{count}} ausgewählt',
  publish: 'Veröffentlichen',
  unpublish: 'Zurückziehen',
  delete: 'Löschen',
  cancel: 'Abbrechen',
  actions: { publish: 'Veröffentlichen', unpublish: 'Zurückziehen', delete: 'Löschen' },
  bulkSummary: '{{action}}: {{succeeded}} erfolgreich, {{failed}} fehlgeschlagen',
  bulkFailed: 'Die Sammelaktion wurde abgelehnt',
  succeeded: 'erledigt',
  failed: 'fehlgeschlagen: {{error}}',
  dismiss: 'Schließen',
}
// Registered when a list with bulk actions loads (namespace `bulk`), never in the entry.
registerMessages('bulk', en, de)
