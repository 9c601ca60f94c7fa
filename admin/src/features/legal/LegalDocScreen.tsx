import type { Schemas } from '@atrium-cms/client'
import { Button, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { WhoChanged } from '../../shared/editor/history/WhoChanged'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { deepEqual } from '../../shared/logic/equal'
import { DeleteDialog, useConfirmDelete } from '../../shared/ui/crud'
import { AnchorLink } from '../../shared/ui/links'
import { LocaleTextCards } from '../../shared/ui/LocaleTextCards'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { SettingsCard } from '../../shared/forms/SettingsCard'
import { fieldErrorsOf, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { legalQueries, useDeleteLegal, useSaveLegalLocalization, useUpdateLegal } from './api'
import { BannerPreview } from './BannerPreview'
import { ConsentGroups } from './ConsentGroups'
import { bodyOf, LEGAL_FIELDS, LegalDocFields, valuesOf } from './LegalDocFields'
import './legal.css'

/** One legal document: its fields, its texts per locale, and for cookie consent the groups, items and a banner preview. */
export function LegalDocScreen({ siteId, legalId }: { siteId: string; legalId: string }) {
  const { t } = useTranslation('legal')
  const detail = useQuery(legalQueries.detail(siteId, legalId))
  const locales = useQuery(sharedQueries.locales(siteId))
  const saveLocalization = useSaveLegalLocalization(siteId)
  if (detail.isError) return <ProblemAlert error={detail.error} />
  if (!detail.data || !locales.data) return <Text role="status">{t('loading')}</Text>
  const { data: doc, etag } = detail.data
  const name = `${t(`types.${doc.document_type}`)} (${doc.slug})`
  return (
    <Stack gap="lg">
      <ScreenHeader
        title={name}
        back={
          <AnchorLink to="/sites/$siteId/legal" params={{ siteId }}>
            ← {t('back')}
          </AnchorLink>
        }
      />
      <DocFields siteId={siteId} doc={doc} etag={etag} name={name} />
      <section aria-labelledby="legal-texts">
        <Title order={2} size="h3" id="legal-texts" mb="sm">
          {t('texts')}
        </Title>
        <Stack gap="md">
          <LocaleTextCards
            locales={locales.data}
            localizations={doc.localizations}
            fields={(code) => [
              { name: 'title', label: t('localeTitle', { locale: code }) },
              { name: 'intro', label: t('localeIntro', { locale: code }), minRows: 2 },
              { name: 'body', label: t('localeBody', { locale: code }), minRows: 4, maxRows: 20 },
            ]}
            onSave={(body, target) => saveLocalization.mutateAsync({ docId: doc.id, ...target, body })}
            saveLabel={(code) => t('saveLocale', { locale: code })}
            savedText={t('saved')}
            conflictTitle={(code) => t('conflictLocale', { locale: code })}
            who={(locId) => <WhoChanged siteId={siteId} entityType="legal_document_localization" entityId={locId} />}
          />
        </Stack>
      </section>
      {doc.document_type === 'CookieConsent' && (
        <>
          <ConsentGroups siteId={siteId} doc={doc} />
          <BannerPreview siteId={siteId} doc={doc} />
        </>
      )}
    </Stack>
  )
}

function DocFields({ siteId, doc, etag, name }: { siteId: string; doc: Schemas['LegalDocumentDetail']; etag: string | undefined; name: string }) {
  const { t } = useTranslation('legal')
  const navigate = useNavigate()
  const update = useUpdateLegal(siteId)
  const remove = useConfirmDelete(
    useDeleteLegal(siteId),
    (d: Schemas['LegalDocumentDetail']) => ({ id: d.id, etag }),
    () => void navigate({ to: '/sites/$siteId/legal', params: { siteId } }),
  )
  const [values, setValues] = useState(valuesOf(doc))
  useUnsavedEdits(!deepEqual(values, valuesOf(doc)))
  return (
    <>
      <SettingsCard
        label={t('settings')}
        onSubmit={() => update.mutate({ id: doc.id, etag, body: bodyOf(values) })}
        save={update}
        fieldOrder={LEGAL_FIELDS}
        saveLabel={t('save')}
        savedText={t('saved')}
        extra={
          <Button variant="subtle" color="red" ml="auto" onClick={() => remove.ask(doc)}>
            {t('delete')}
          </Button>
        }
      >
        <LegalDocFields values={values} onChange={setValues} errors={fieldErrorsOf(update.error, LEGAL_FIELDS)} />
      </SettingsCard>
      <DeleteDialog {...remove.dialog} title={t('deleteTitle', { name })} confirmLabel={t('delete')} cannotUndoNote={false}>
        {t('deleteText')}
      </DeleteDialog>
    </>
  )
}
