import { Badge, Button, Modal, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deepEqual } from '../../shared/logic/equal'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { ListState } from '../../shared/ui/crud'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { FormActions } from '../../shared/ui/FormActions'
import { AnchorLink } from '../../shared/ui/links'
import { fieldErrorsOf, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { legalQueries, useCreateLegal } from './api'
import { bodyOf, LEGAL_FIELDS, LegalDocFields, valuesOf } from './LegalDocFields'
import './legal.css'

/** The site's legal documents, and a new one (then its editor). */
export function LegalListScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('legal')
  const list = useQuery(legalQueries.list(siteId))
  const [creating, setCreating] = useState(false)
  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={t('title')}>
        <Button onClick={() => setCreating(true)}>{t('newDocument')}</Button>
      </ScreenHeader>
      <Text size="sm">{t('intro')}</Text>
      <ListState query={list} empty={list.data?.data.length === 0} emptyText={t('empty')} loadingText={t('loading')}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('slug')}</Table.Th>
              <Table.Th scope="col">{t('documentType')}</Table.Th>
              <Table.Th scope="col">{t('status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.data.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <AnchorLink to="/sites/$siteId/legal/$legalId" params={{ siteId, legalId: d.id }}>
                    {d.slug}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>{t(`types.${d.document_type}`)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={d.is_active ? 'green' : 'gray'}>
                    {d.is_active ? t('active') : t('inactive')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListState>
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
