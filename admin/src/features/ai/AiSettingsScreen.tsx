import { Alert, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { atLeast, siteLevel } from '../../shared/logic/access'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { AiProviderForm } from './AiProviderForm'
import { DeleteConfigModal, ModelsCard, PresetsCard, RemoveKeyModal, TestCard } from './AiPanels'
import { aiConfig, useListModels, type AiConfig } from './api'
import { detectFormat, PRESETS } from './presets'
import { useAiForm } from './useAiForm'
import './ai.css'

/** The site's AI provider (Admin): presets for the four formats, the masked key, list models, test connection. */
export function AiSettingsScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('ai')
  const me = useQuery(sharedQueries.me())
  const level = siteLevel(me.data, siteId)
  const isAdmin = atLeast(level, 'Admin')
  const config = useQuery({ ...aiConfig.query(siteId), enabled: isAdmin })
  // Kept here: the form remounts with the saved version (its key is the version), and the note must outlive that.
  const [justSaved, setJustSaved] = useState(false)

  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={t('title')} intro={t('intro')} />
      {!me.data ? (
        <Text role="status">{t('loading')}</Text>
      ) : !isAdmin ? (
        <Alert color="gray" variant="light">
          {t('needsAdmin')}
        </Alert>
      ) : config.isError ? (
        <ProblemAlert error={config.error} title={t('loadFailed')} />
      ) : config.data === undefined ? (
        <Text role="status">{t('loading')}</Text>
      ) : (
        <AiForm
          key={config.data?.data.updated_at ?? 'new'}
          siteId={siteId}
          saved={config.data?.data ?? null}
          etag={config.data?.etag}
          onReload={() => void config.refetch()}
          justSaved={justSaved}
          onSaved={setJustSaved}
        />
      )}
    </Stack>
  )
}

interface FormProps {
  siteId: string
  saved: AiConfig | null
  etag: string | undefined
  onReload: () => void
  justSaved: boolean
  onSaved: (v: boolean) => void
}

/** The configuration's parts: presets, the provider form, list models, test connection, and their confirmations. */
function AiForm({ siteId, saved, etag, onReload, justSaved, onSaved }: FormProps) {
  const { t } = useTranslation('ai')
  const ai = useAiForm({ siteId, saved, etag, onSaved })
  const { form, setRemoveKey, setReplacing } = ai
  const models = useListModels(siteId)
  const [confirmKey, setConfirmKey] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const name = form.watch('provider_name')
  const format = detectFormat(name, form.watch('base_url'))

  const applyPreset = (id: string) => {
    const p = PRESETS.find((x) => x.id === id)
    if (!p) return
    form.setValue('provider_name', p.provider_name, { shouldDirty: true })
    form.setValue('base_url', p.base_url, { shouldDirty: true })
    form.setValue('model', p.model, { shouldDirty: true })
    models.reset()
  }
  const listModels = () => {
    const v = form.getValues()
    models.mutate({ base_url: v.base_url.trim(), provider_name: v.provider_name.trim(), ...(v.api_key !== '' ? { api_key: v.api_key } : {}) })
  }

  return (
    <Stack gap="md">
      {!saved && (
        <Alert color="blue" variant="light">
          {t('notConfigured')}
        </Alert>
      )}
      <PresetsCard format={format} name={name} onPick={applyPreset} />
      <AiProviderForm
        ai={ai}
        saved={saved}
        format={format}
        justSaved={justSaved}
        onReload={onReload}
        onConfirmRemoveKey={() => setConfirmKey(true)}
        onDelete={() => setConfirmDelete(true)}
      />
      <ModelsCard models={models} onList={listModels} onUse={(m) => form.setValue('model', m, { shouldDirty: true, shouldValidate: true })} />
      {saved && <TestCard siteId={siteId} dirty={form.formState.isDirty} />}
      <RemoveKeyModal
        opened={confirmKey}
        onClose={() => setConfirmKey(false)}
        onConfirm={() => (setRemoveKey(true), setReplacing(false), form.setValue('api_key', ''), setConfirmKey(false))}
      />
      <DeleteConfigModal siteId={siteId} opened={confirmDelete} onClose={() => setConfirmDelete(false)} />
    </Stack>
  )
}
