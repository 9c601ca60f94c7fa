import { useTranslation } from 'react-i18next'
import { recordNameParts } from '../logic/recordName'
import { registerMessages } from './register'

/*
 * How logs speak of records and what was done to them (the audit log and the dashboard's activity), in one namespace
 * so both say the same words. Loaded with the chunks that import it, never in the entry.
 */
const en = {
  types: {
    blog: 'Post',
    blog_localization: 'Post translation',
    page: 'Page',
    page_section: 'Page section',
    media: 'Media',
    media_folder: 'Media folder',
    document: 'Document',
    navigation_menu: 'Menu',
    navigation_item: 'Menu item',
    category: 'Category',
    tag: 'Tag',
    legal_document: 'Legal document',
    content_template: 'Template',
    redirect: 'Redirect',
    social_link: 'Social link',
    skill: 'Skill',
    cv_entry: 'CV entry',
    site: 'Site',
    site_settings: 'Site settings',
    locale: 'Locale',
    site_member: 'Member',
    webhook: 'Webhook',
    api_key: 'API key',
    ai_config: 'AI configuration',
    ai_generation: 'AI generation',
    analytics: 'Analytics',
    preview: 'Preview link',
    content: 'Content',
    page_section_localization: 'Section translation',
    media_metadata: 'Media texts',
    document_folder: 'Document folder',
    document_localization: 'Document translation',
    legal_document_localization: 'Legal text translation',
    legal_group: 'Cookie group',
    legal_item: 'Cookie',
    navigation_item_localization: 'Menu item translation',
    idp_user: 'User',
  },
  actions: {
    Create: 'Created',
    Update: 'Updated',
    Delete: 'Deleted',
    Review: 'Reviewed',
    Revert: 'Reverted',
    Publish: 'Published',
    Block: 'Blocked',
    Unblock: 'Unblocked',
    Revoke: 'Revoked',
    Login: 'Signed in',
    Export: 'Exported',
    Import: 'Imported',
    Redeliver: 'Redelivered',
  },
  named: '{{type}} “{{label}}”',
  unnamed: '{{type}} {{id}}',
}

const de: typeof en = {
  types: {
    blog: 'Beitrag',
    blog_localization: 'Beitragsübersetzung',
    page: 'Seite',
    page_section: 'Seitenabschnitt',
    media: 'Medien',
    media_folder: 'Medienordner',
    document: 'Dokument',
    navigation_menu: 'Menü',
    navigation_item: 'Menüeintrag',
    category: 'Kategorie',
    tag: 'Schlagwort',
    legal_document: 'Rechtstext',
    content_template: 'Vorlage',
    redirect: 'Weiterleitung',
    social_link: 'Social-Link',
    skill: 'Fähigkeit',
    cv_entry: 'Lebenslaufeintrag',
    site: 'Site',
    site_settings: 'Site-Einstellungen',
    locale: 'Sprache',
    site_member: 'Mitglied',
    webhook: 'Webhook',
    api_key: 'API-Schlüssel',
    ai_config: 'KI-Konfiguration',
    ai_generation: 'KI-Generierung',
    analytics: 'Statistik',
    preview: 'Vorschau-Link',
    content: 'Inhalt',
    page_section_localization: 'Abschnittsübersetzung',
    media_metadata: 'Medientexte',
    document_folder: 'Dokumentordner',
    document_localization: 'Dokumentübersetzung',
    legal_document_localization: 'Rechtstext-Übersetzung',
    legal_group: 'Cookie-Gruppe',
    legal_item: 'Cookie',
    navigation_item_localization: 'Menüeintrag-Übersetzung',
    idp_user: 'Benutzer',
  },
  actions: {
    Create: 'Angelegt',
    Update: 'Geändert',
    Delete: 'Gelöscht',
    Review: 'Geprüft',
    Revert: 'Zurückgesetzt',
    Publish: 'Veröffentlicht',
    Block: 'Gesperrt',
    Unblock: 'Entsperrt',
    Revoke: 'Widerrufen',
    Login: 'Angemeldet',
    Export: 'Exportiert',
    Import: 'Importiert',
    Redeliver: 'Erneut zugestellt',
  },
  named: '{{type}} „{{label}}“',
  unnamed: '{{type}} {{id}}',
}

registerMessages('records', en, de)

interface Entry {
  entity_type: string
  entity_id: string | null
  record_label?: string | null
}

/** Record types, actions and records of log entries in the UI language: a record by its label, a short id only without one. */
export function useRecordNames() {
  const { t } = useTranslation('records')
  const typeLabel = (type: string) => t(`types.${type}`, { defaultValue: type.replace(/_/g, ' ') })
  const actionLabel = (action: string) => t(`actions.${action}`, { defaultValue: action })
  const recordName = (e: Entry) => {
    const type = typeLabel(e.entity_type)
    const { label, id } = recordNameParts(e)
    return label !== null ? t('named', { type, label }) : id !== null ? t('unnamed', { type, id }) : type
  }
  return { typeLabel, actionLabel, recordName }
}
