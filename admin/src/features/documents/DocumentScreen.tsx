import type { Schemas } from '@atrium-cms/client'
import { Anchor, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deepEqual } from '../../shared/logic/equal'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { sharedQueries } from '../../shared/api/queries'
import { WhoChanged } from '../../shared/editor/history/WhoChanged'
import { AnchorLink } from '../../shared/ui/links'
import { LocaleTextCards } from '../../shared/ui/LocaleTextCards'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { SettingsCard } from '../../shared/forms/SettingsCard'
import { fieldErrorsOf, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { documentQueries, useSaveDocumentLocalization, useUpdateDocument } from './api'
import { documentName } from './files'
import { treeOrder } from './tree'

const FIELDS = ['document_type', 'folder_id', 'url', 'file_name'] as const

/** One document: its type, folder, link or download name, and a title and description per site locale. */
export function DocumentScreen({ siteId, documentId }: { siteId: string; documentId: string }) {
  const { t } = useTranslation('documents')
  const detail = useQuery(documentQueries.detail(siteId, documentId))
  const locales = useQuery(sharedQueries.locales(siteId))
  const folders = useQuery(documentQueries.folders(siteId))
  const saveLocalization = useSaveDocumentLocalization(siteId)
  if (detail.isError) return <ProblemAlert error={detail.error} />
  if (!detail.data || !locales.data) return <Text role="status">{t('loading')}</Text>
  const { data: doc, etag } = detail.data
  return (
    <Stack gap="md">
      <ScreenHeader
        title={documentName(doc)}
        back={
          <AnchorLink to="/sites/$siteId/documents" params={{ siteId }} search={doc.folder_id ? { folder: doc.folder_id } : {}}>
            ← {t('back')}
          </AnchorLink>
        }
      />
      <Anchor href={doc.download_url} target="_blank" rel="noopener">
        {t('download', { name: documentName(doc) })}
      </Anchor>
      <DocumentFields siteId={siteId} doc={doc} etag={etag} folders={folders.data ?? []} />
      <Title order={2} size="h4">
        {t('localizations')}
      </Title>
      <LocaleTextCards
        locales={locales.data}
        localizations={doc.localizations}
        fields={(code) => [
          { name: 'title', label: t('localeTitle', { locale: code }) },
          { name: 'description', label: t('localeDescription', { locale: code }), minRows: 2 },
        ]}
        onSave={(body, target) => saveLocalization.mutateAsync({ documentId: doc.id, ...target, body })}
        saveLabel={(code) => t('saveLocale', { locale: code })}
        savedText={t('saved')}
        conflictTitle={(code) => t('conflictLocale', { locale: code })}
        who={(locId) => <WhoChanged siteId={siteId} entityType="document_localization" entityId={locId} />}
      />
    </Stack>
  )
}

function DocumentFields({
  siteId,
  doc,
  etag,
  folders,
}: {
  siteId: string
  doc: Schemas['DocumentDetail']
  etag: string | undefined
  folders: Schemas['DocumentFolder'][]
}) {
  const { t } = useTranslation('documents')
  const update = useUpdateDocument(siteId)
  const [values, setValues] = useState({ document_type: doc.document_type, folder: doc.folder_id ?? '', url: doc.url ?? '', file_name: doc.file_name ?? '' })
  const errors = fieldErrorsOf(update.error, FIELDS)
  useUnsavedEdits(!deepEqual(values, { document_type: doc.document_type, folder: doc.folder_id ?? '', url: doc.url ?? '', file_name: doc.file_name ?? '' }))
  return (
    <SettingsCard
      label={t('details')}
      onSubmit={() =>
        update.mutate({
          id: doc.id,
          etag,
          body: {
            document_type: values.document_type.trim(),
            folder_id: values.folder === '' ? null : values.folder,
            ...(doc.url !== null ? { url: values.url.trim() } : {}),
            ...(values.file_name.trim() ? { file_name: values.file_name.trim() } : {}),
          },
        })
      }
      save={update}
      fieldOrder={FIELDS}
      saveLabel={t('save')}
      savedText={t('saved')}
    >
      <TextInput
        label={t('documentType')}
        required
        value={values.document_type}
        onChange={(e) => setValues({ ...values, document_type: e.currentTarget.value })}
        error={errors.document_type}
      />
      <Select
        label={t('folder')}
        data={[{ value: '', label: t('noFolder') }, ...treeOrder(folders).map((f) => ({ value: f.id, label: `${'· '.repeat(f.depth)}${f.name}` }))]}
        value={values.folder}
        onChange={(v) => setValues({ ...values, folder: v ?? '' })}
        allowDeselect={false}
        error={errors.folder_id}
      />
      {doc.url !== null && (
        <TextInput label={t('url')} type="url" value={values.url} onChange={(e) => setValues({ ...values, url: e.currentTarget.value })} error={errors.url} />
      )}
      <TextInput
        label={t('fileName')}
        value={values.file_name}
        onChange={(e) => setValues({ ...values, file_name: e.currentTarget.value })}
        error={errors.file_name}
      />
    </SettingsCard>
  )
}
