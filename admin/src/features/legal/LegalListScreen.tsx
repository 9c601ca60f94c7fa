import { Badge, Button, Modal, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deepEqual } from '../../shared/logic/equal'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { DataTable, type Column } from '../../shared/ui/DataTable'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { FormActions } from '../../shared/ui/FormActions'
import { AnchorLink } from '../../shared/ui/links'
import { fieldErrorsOf, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { legalQueries, useCreateLegal, type LegalDocument } from './api'
import { bodyOf, LEGAL_FIELDS, LegalDocFields, valuesOf } from './LegalDocFields'
import './legal.css'

/** The site's legal documents, and a new one (then its editor). */
export function LegalListScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('legal')
  const list = useQuery(legalQueries.list(siteId))
  const [creating, setCreating] = useState(false)
  const columns: Column<LegalDocument>[] = [
    {
      key: 'slug',
      header: t('slug'),
      cell: (d) => (
        <AnchorLink to="/sites/$siteId/legal/$legalId" params={{ siteId, legalId: d.id }}>
          {d.slug}
        </AnchorLink>
      ),
    },
    { key: 'type', header: t('documentType'), cell: (d) => t(`types.${d.document_type}`) },
    {
      key: 'status',
      header: t('status'),
      cell: (d) => (
        <Badge variant="light" color={d.is_active ? 'green' : 'gray'}>
          {d.is_active ? t('active') : t('inactive')}
        </Badge>
      ),
    },
  ]
  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={t('title')}>
        <Button onClick={() => setCreating(true)}>{t('newDocument')}</Button>
      </ScreenHeader>
      <Text size="sm">{t('intro')}</Text>
      <DataTable
        label={t('title')}
        rows={list.data?.data}
        rowKey={(d) => d.id}
        columns={columns}
        striped
        empty={t('empty')}
        loadingText={t('loading')}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
      {creating && <NewLegalDocument siteId={siteId} onClose={() => setCreating(false)} />}
    </Stack>
  )
}

function NewLegalDocument({ siteId, onClose }: { siteId: string; onClose: () => void }) {
  const { t } = useTranslation('legal')
  const navigate = useNavigate()
  const create = useCreateLegal(siteId)
  const [values, setValues] = useState(valuesOf())
  const close = useUnsavedEdits(!deepEqual(values, valuesOf()), onClose)
  return (
    <Modal opened onClose={close} title={t('newDocument')}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          create.mutate(bodyOf(values), {
            onSuccess: (doc) => void navigate({ to: '/sites/$siteId/legal/$legalId', params: { siteId, legalId: doc.id }, ignoreBlocker: true }),
          })
        }}
      >
        <Stack gap="sm">
          <LegalDocFields values={values} onChange={setValues} errors={fieldErrorsOf(create.error, LEGAL_FIELDS)} />
          <ProblemAlert error={create.error} fieldOrder={LEGAL_FIELDS} />
          <FormActions cancelLabel={t('cancel')} onCancel={close} submitLabel={t('create')} busy={create.isPending} />
        </Stack>
      </form>
    </Modal>
  )
}
