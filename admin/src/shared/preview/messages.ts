import { registerMessages } from '../i18n/register'

const en = {
  preview: 'Preview on site',
  previewHint: 'Save and open this draft on your site in a new tab (the link works for one hour)',
  noFrontendHint: 'Connect a frontend in the site settings (Preview address) to preview on your site',
  failed: 'The preview could not be opened',
  share: {
    open: 'Share preview',
    title: 'Share a preview link',
    intro: 'Anyone with the link sees this draft as saved, until the link expires or you revoke it.',
    lifetime: 'Link works for',
    lifetimes: { '3600': '1 hour', '86400': '1 day', '604800': '7 days' },
    create: 'Create and copy link',
    link: 'Preview link',
    copy: 'Copy link',
    copied: 'Link copied',
    live: 'Live links',
    none: 'No live links.',
    expires: 'Expires {{when}}',
    revoke: 'Revoke the link expiring {{when}}',
    revoked: 'Link revoked',
    noFrontend: 'Shared links open your frontend: set a Preview address in the site settings first.',
    close: 'Close',
  },
  pane: {
    toggle: 'Live preview',
    region: 'Live preview',
    frame: 'Live preview of {{name}}',
    loading: 'Loading the preview…',
    failed: 'The preview could not be loaded',
    noFrontend: 'No frontend connected',
    noFrontendText: 'This is the saved draft rendered by the admin. To see it on your site, set a Preview address in the site settings.',
    dev: {
      example:
        'A Preview address names the frontend’s preview route with {token} and {path}, e.g. https://your-site.example/api/preview?token={token}&path={path}.',
    },
    settingsLink: 'Open site settings',
    untitled: 'Untitled',
    notTranslated: 'Not written in this language yet.',
  },
}

const de: typeof en = {
  preview: 'Auf der Website ansehen',
  previewHint: 'Speichern und diesen Entwurf in einem neuen Tab auf Ihrer Website öffnen (der Link gilt eine Stunde)',
  noFrontendHint: 'Verbinden Sie in den Website-Einstellungen ein Frontend (Vorschau-Adresse), um auf Ihrer Website zu prüfen',
  failed: 'Die Vorschau konnte nicht geöffnet werden',
  share: {
    open: 'Vorschau teilen',
    title: 'Einen Vorschau-Link teilen',
    intro: 'Wer den Link hat, sieht diesen Entwurf wie gespeichert, bis der Link abläuft oder Sie ihn widerrufen.',
    lifetime: 'Link gilt für',
    lifetimes: { '3600': '1 Stunde', '86400': '1 Tag', '604800': '7 Tage' },
    create: 'Link erstellen und kopieren',
    link: 'Vorschau-Link',
    copy: 'Link kopieren',
    copied: 'Link kopiert',
    live: 'Gültige Links',
    none: 'Keine gültigen Links.',
    expires: 'Läuft ab {{when}}',
    revoke: 'Den Link widerrufen, der {{when}} abläuft',
    revoked: 'Link widerrufen',
    noFrontend: 'Geteilte Links öffnen Ihr Frontend: Legen Sie zuerst in den Website-Einstellungen eine Vorschau-Adresse fest.',
    close: 'Schließen',
  },
  pane: {
    toggle: 'Live-Vorschau',
    region: 'Live-Vorschau',
    frame: 'Live-Vorschau von {{name}}',
    loading: 'Vorschau wird geladen…',
    failed: 'Die Vorschau konnte nicht geladen werden',
    noFrontend: 'Kein Frontend verbunden',
    noFrontendText:
      'Dies ist der gespeicherte Entwurf, vom Admin dargestellt. Um ihn auf Ihrer Website zu sehen, legen Sie in den Website-Einstellungen eine Vorschau-Adresse fest.',
    dev: {
      example:
        'Eine Vorschau-Adresse nennt die Vorschau-Route des Frontends mit {token} und {path}, z. B. https://ihre-website.example/api/preview?token={token}&path={path}.',
    },
    settingsLink: 'Website-Einstellungen öffnen',
    untitled: 'Ohne Titel',
    notTranslated: 'In dieser Sprache noch nicht geschrieben.',
  },
}

registerMessages('preview', en, de)
