import { registerMessages } from '../i18n/register'

/*
 * Strings of the shared pieces the site-running screens use (confirmations, paging, secrets shown once, problem
 * alerts, what a role allows). Registered by the components that use them, so they ride in those screens' chunks.
 */
const en = {
  cancel: 'Cancel',
  forDevelopers: 'For developers',
  cannotUndo: 'This cannot be undone.',
  typeToConfirm: 'Type {{value}} to confirm',
  typeMismatch: 'Type exactly {{value}}',
  paging: { pageN: 'Page {{page}}', first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' },
  copy: 'Copy',
  copied: 'Copied',
  copyLabel: 'Copy {{label}}',
  shownOnce: 'Shown only now: copy it and keep it somewhere safe. Atrium keeps only a digest and cannot show it again.',
  done: 'I have copied it',
  requestId: 'Request id: {{id}}',
  details: 'Details',
  chart: { showTable: 'Show as table', showChart: 'Show as chart', when: 'Day' },
  needs: {
    siteAdmin: 'This needs the Admin or Owner role on this site (an API key: Admin or Master for this site).',
    siteOwner: 'This needs the Owner role on this site, or a system administrator (an API key: Master).',
    anyAdmin: 'This needs the Admin or Owner role on a site, or a system administrator (an API key: Admin or Master).',
    systemAdmin: 'This needs a system administrator (an API key: an unscoped Master key).',
    createSite: 'Any signed-in person may create a site; an API key must be an Admin or Master key not scoped to a site.',
  },
  errors: {
    validation: 'Some fields need attention.',
    conflict: 'That conflicts with an existing record.',
    editConflict: 'Someone else changed this meanwhile; reload to see their version.',
    invalidState: 'That is not possible in the record’s current state.',
    rateLimited: 'Too many requests; try again shortly.',
    forbidden: 'Your role does not allow this.',
    notFound: 'It no longer exists.',
    unauthenticated: 'Your session ended; sign in again.',
    payloadTooLarge: 'Too large.',
    unsupportedMediaType: 'Unsupported type.',
    aiUnavailable: 'AI is not available.',
    providerError: 'The provider failed.',
    unavailable: 'Atrium is unavailable; try again.',
    network: 'No connection; try again.',
    unknown: 'Something went wrong.',
  },
}

const de: typeof en = {
  cancel: 'Abbrechen',
  forDevelopers: 'Für Entwickler',
  cannotUndo: 'Das lässt sich nicht rückgängig machen.',
  typeToConfirm: 'Zur Bestätigung {{value}} eingeben',
  typeMismatch: 'Genau {{value}} eingeben',
  paging: { pageN: 'Seite {{page}}', first: 'Erste Seite', previous: 'Vorige Seite', next: 'Nächste Seite', last: 'Letzte Seite' },
  copy: 'Kopieren',
  copied: 'Kopiert',
  copyLabel: '{{label}} kopieren',
  shownOnce: 'Nur jetzt sichtbar: kopieren und sicher aufbewahren. Atrium speichert nur einen Hash und kann es nicht erneut zeigen.',
  done: 'Ich habe es kopiert',
  requestId: 'Anfrage-ID: {{id}}',
  details: 'Details',
  chart: { showTable: 'Als Tabelle zeigen', showChart: 'Als Diagramm zeigen', when: 'Tag' },
  needs: {
    siteAdmin: 'Dafür braucht es die Rolle Admin oder Owner auf dieser Website (ein API-Schlüssel: Admin oder Master für diese Website).',
    siteOwner: 'Dafür braucht es die Rolle Owner auf dieser Website oder eine Systemadministration (ein API-Schlüssel: Master).',
    anyAdmin: 'Dafür braucht es die Rolle Admin oder Owner auf einer Website oder eine Systemadministration (ein API-Schlüssel: Admin oder Master).',
    systemAdmin: 'Dafür braucht es eine Systemadministration (ein API-Schlüssel: ein nicht auf eine Website beschränkter Master-Schlüssel).',
    createSite: 'Jede angemeldete Person kann eine Website anlegen; ein API-Schlüssel muss Admin oder Master und nicht auf eine Website beschränkt sein.',
  },
  errors: {
    validation: 'Einige Felder brauchen Aufmerksamkeit.',
    conflict: 'Das kollidiert mit einem vorhandenen Datensatz.',
    editConflict: 'Jemand anderes hat das inzwischen geändert; neu laden, um die andere Fassung zu sehen.',
    invalidState: 'Im aktuellen Zustand des Datensatzes nicht möglich.',
    rateLimited: 'Zu viele Anfragen; gleich noch einmal versuchen.',
    forbidden: 'Ihre Rolle erlaubt das nicht.',
    notFound: 'Das gibt es nicht mehr.',
    unauthenticated: 'Ihre Sitzung ist abgelaufen; bitte neu anmelden.',
    payloadTooLarge: 'Zu groß.',
    unsupportedMediaType: 'Nicht unterstützter Typ.',
    aiUnavailable: 'KI ist nicht verfügbar.',
    providerError: 'Der Anbieter hat einen Fehler gemeldet.',
    unavailable: 'Atrium ist nicht erreichbar; bitte erneut versuchen.',
    network: 'Keine Verbindung; bitte erneut versuchen.',
    unknown: 'Etwas ist schiefgegangen.',
  },
}

registerMessages('ops', en, de)
