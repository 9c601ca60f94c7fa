import { registerMessages } from '../../../../shared/i18n/register'

const en = {
  menu: 'AI assist',
  actions: {
    seo: 'Suggest SEO title and description',
    excerpt: 'Suggest an excerpt',
    translate: 'Translate from {{source}}',
    draft_outline: 'Draft an outline from the title',
    draft_post: 'Draft the post from title and outline',
  },
  unavailable: {
    needsBody: 'Write a body first',
    needsTitle: 'Write a title first',
    needsSource: 'Needs text in the default language',
    tooLong: 'The text is too long for the AI',
  },
  working: 'Asking the AI…',
  cancel: 'Cancel',
  failed: 'The AI could not answer',
  proposalIntro: 'The AI proposes these changes. Nothing is applied until you accept.',
  noChange: 'The AI proposes no change.',
  use: 'Use the proposed {{field}}',
  accept: 'Accept selected',
  reject: 'Reject',
  close: 'Close',
  applied: 'Applied: {{fields}}. Saving as usual.',
  rejected: 'Proposal rejected; nothing changed.',
}

const de: typeof en = {
  menu: 'KI-Assistent',
  actions: {
    seo: 'SEO-Titel und -Beschreibung vorschlagen',
    excerpt: 'Auszug vorschlagen',
    translate: 'Aus {{source}} übersetzen',
    draft_outline: 'Gliederung aus dem Titel entwerfen',
    draft_post: 'Beitrag aus Titel und Gliederung entwerfen',
  },
  unavailable: {
    needsBody: 'Zuerst einen Text schreiben',
    needsTitle: 'Zuerst einen Titel schreiben',
    needsSource: 'Braucht Text in der Standardsprache',
    tooLong: 'Der Text ist für die KI zu lang',
  },
  working: 'Die KI wird gefragt…',
  cancel: 'Abbrechen',
  failed: 'Die KI konnte nicht antworten',
  proposalIntro: 'Die KI schlägt diese Änderungen vor. Nichts wird übernommen, bevor Sie zustimmen.',
  noChange: 'Die KI schlägt keine Änderung vor.',
  use: 'Vorgeschlagenes Feld „{{field}}“ übernehmen',
  accept: 'Auswahl übernehmen',
  reject: 'Ablehnen',
  close: 'Schließen',
  applied: 'Übernommen: {{fields}}. Wird wie üblich gespeichert.',
  rejected: 'Vorschlag abgelehnt; nichts geändert.',
}

registerMessages('blogAi', en, de)
