import { registerMessages } from '../i18n/register'

/*
 * The form-level messages of a failed call (shared/logic/errors.ts picks the key by the problem's `code`), for the
 * screens that use ProblemAlert. Registered when the first such screen's chunk loads, not in the entry bundle.
 */
const en = {
  errors: {
    validation: 'Some fields need attention.',
    conflict: 'That conflicts with another record (a value already in use?).',
    editConflict: 'Someone else saved this meanwhile.',
    invalidState: 'That is not possible in the record’s current state.',
    rateLimited: 'Too many requests; try again shortly.',
    forbidden: 'Your role does not allow this.',
    notFound: 'The record no longer exists.',
    unauthenticated: 'Your session ended; sign in again.',
    payloadTooLarge: 'Too large to save.',
    unsupportedMediaType: 'Unsupported file type.',
    aiUnavailable: 'AI is not available.',
    providerError: 'The AI provider failed.',
    unavailable: 'Atrium is unavailable; your input is kept in the form.',
    network: 'No connection; your input is kept in the form.',
    unknown: 'Something went wrong.',
  },
  details: 'Details',
  requestId: 'Request id: {{id}}',
  cancel: 'Cancel',
  close: 'Close',
  conflictTake: 'Load their version',
  conflictKeep: 'Save mine over it',
  loadFailed: 'Could not load',
  retry: 'Retry',
}
const de: typeof en = {
  errors: {
    validation: 'Einige Felder brauchen Aufmerksamkeit.',
    conflict: 'Das kollidiert mit einem anderen Eintrag (ein Wert schon vergeben?).',
    editConflict: 'Jemand anderes hat dies inzwischen gespeichert.',
    invalidState: 'Das ist im aktuellen Zustand des Eintrags nicht möglich.',
    rateLimited: 'Zu viele Anfragen; bitte gleich noch einmal versuchen.',
    forbidden: 'Ihre Rolle erlaubt das nicht.',
    notFound: 'Den Eintrag gibt es nicht mehr.',
    unauthenticated: 'Ihre Sitzung ist abgelaufen; bitte neu anmelden.',
    payloadTooLarge: 'Zu groß zum Speichern.',
    unsupportedMediaType: 'Nicht unterstützter Dateityp.',
    aiUnavailable: 'KI ist nicht verfügbar.',
    providerError: 'Der KI-Anbieter ist fehlgeschlagen.',
    unavailable: 'Atrium ist nicht erreichbar; Ihre Eingaben bleiben im Formular.',
    network: 'Keine Verbindung; Ihre Eingaben bleiben im Formular.',
    unknown: 'Etwas ist schiefgegangen.',
  },
  details: 'Details',
  requestId: 'Anfrage-ID: {{id}}',
  cancel: 'Abbrechen',
  close: 'Schließen',
  conflictTake: 'Deren Fassung laden',
  conflictKeep: 'Meine darüber speichern',
  loadFailed: 'Laden fehlgeschlagen',
  retry: 'Erneut versuchen',
}
registerMessages('problem', en, de)
