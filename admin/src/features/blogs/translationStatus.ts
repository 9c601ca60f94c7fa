import { registerMessages } from '../../shared/i18n/register'

/*
 * A localization's translation status. The API keeps it as free text (Draft when omitted); the editor offers these
 * known values with labels in the UI language, kept apart from the post's publication status. A value written
 * elsewhere (another client, an import) is kept and shown as it is.
 */
export const TRANSLATION_STATUSES = ['Draft', 'InProgress', 'Translated', 'Reviewed', 'NeedsUpdate'] as const
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number]

export const isKnownTranslationStatus = (v: string): v is TranslationStatus => (TRANSLATION_STATUSES as readonly string[]).includes(v)

const en = {
  translationStatus: {
    Draft: 'Draft',
    InProgress: 'In translation',
    Translated: 'Translated',
    Reviewed: 'Reviewed',
    NeedsUpdate: 'Needs update',
  } satisfies Record<TranslationStatus, string>,
}

const de: typeof en = {
  translationStatus: {
    Draft: 'Entwurf',
    InProgress: 'In Übersetzung',
    Translated: 'Übersetzt',
    Reviewed: 'Geprüft',
    NeedsUpdate: 'Muss aktualisiert werden',
  },
}

registerMessages('blogs', en, de)

/** The label of a status in the UI language (`t` of the `blogs` namespace); an unknown value as it is. */
export const translationStatusLabel = (t: (key: string) => string, v: string): string => (isKnownTranslationStatus(v) ? t(`translationStatus.${v}`) : v)
