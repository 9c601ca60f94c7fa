import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Card, Group, List, Modal, Stack, Text, TextInput, Textarea, Title, UnstyledButton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useForm, type FieldPath } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { atLeast, siteLevel } from '../../shared/logic/access'
import { toFormError } from '../../shared/logic/errors'
import { PageTitle } from '../../shared/ui/PageTitle'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { aiQueries, useDeleteConfig, useListModels, useSaveConfig, useTestConnection, type AiConfig } from './api'
import { ACTIONS, aiFormSchema, detectFormat, formValuesOf, PRESETS, putBodyOf, type AiFormValues } from './presets'
import './ai.css'

const FIELDS: Array<FieldPath<AiFormValues>> = ['provider_name', 'base_url', 'model', 'temperature', 'max_tokens', 'api_key']

/** The site's AI provider (Admin): presets for the four formats, the masked key, list models, test connection. */
export function AiSettingsScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('ai')
  const site = useQuery(sharedQueries.site(siteId))
  const me = useQuery(sharedQueries.me())
  const level = siteLevel(me.data, siteId)
  const isAdmin = atLeast(level, 'Admin')
  const config = useQuery({ ...aiQueries.config(siteId), enabled: isAdmin })
  // Kept here: the form remounts with the saved version (its key is the version), and the note must outlive that.
  const [justSaved, setJustSaved] = useState(false)
  const title = t('title')

  return (
    <Stack gap="md">
      <PageTitle documentTitle={`${title}${site.data ? ` · ${site.data.name}` : ''}`}>{title}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
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
          key={config.data?.config.updated_at ?? 'new'}
          siteId={siteId}
          saved={config.data?.config ?? null}
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

// eslint-disable-next-line max-lines-per-function -- to be split into components (noted in the issue)
function AiForm({ siteId, saved, etag, onReload, justSaved, onSaved }: FormProps) {
  const { t } = useTranslation('ai')
  const form = useForm<AiFormValues>({ resolver: zodResolver(aiFormSchema), defaultValues: formValuesOf(saved ?? undefined), mode: 'onTouched' })
  const { register, handleSubmit, formState, setValue, watch, setError, setFocus, reset } = form
  const save = useSaveConfig(siteId)
  const remove = useDeleteConfig(siteId)
  const models = useListModels(siteId)
  const test = useTestConnection(siteId)
  const [replacing, setReplacing] = useState((saved?.api_key_masked ?? null) === null)
  const [removeKey, setRemoveKey] = useState(false)
  const [confirmKey, setConfirmKey] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const name = watch('provider_name')
  const baseUrl = watch('base_url')
  const format = detectFormat(name, baseUrl)
  const fieldError = (f: FieldPath<AiFormValues>) => {
    const m = f.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], formState.errors) as { message?: string } | undefined
    return m?.message ? t(`errors.${m.message}`, { defaultValue: m.message }) : undefined
  }

  useEffect(() => {
    if (formState.isDirty) onSaved(false)
  }, [formState.isDirty])

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { body: putBodyOf(values, removeKey && values.api_key === ''), etag },
      {
        onSuccess: (r) => {
          // The form shows the saved version (and remounts with it: AiSettingsScreen keys it by updated_at).
          reset(formValuesOf(r.config))
          setRemoveKey(false)
          onSaved(true)
        },
        onError: (e) => {
          // The form keeps what was typed; field errors go on their fields, the first one takes focus.
          const fe = toFormError(e, { fieldOrder: FIELDS })
          for (const [field, message] of Object.entries(fe.fieldErrors)) setError(field as FieldPath<AiFormValues>, { type: 'server', message })
          if (fe.firstInvalidField) setFocus(fe.firstInvalidField as FieldPath<AiFormValues>)
        },
      },
    )
  })

  const applyPreset = (id: string) => {
    const p = PRESETS.find((x) => x.id === id)
    if (!p) return
    setValue('provider_name', p.provider_name, { shouldDirty: true })
    setValue('base_url', p.base_url, { shouldDirty: true })
    setValue('model', p.model, { shouldDirty: true })
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
      <Card withBorder component="section" aria-labelledby="presets-heading">
        <Title order={2} size="h4" id="presets-heading">
          {t('presets')}
        </Title>
        <Text size="xs" c="dimmed" mb="xs">
          {t('presetHint')}
        </Text>
        <div className="ai-presets">
          {PRESETS.map((p) => (
            <UnstyledButton key={p.id} className="ai-preset" aria-pressed={format === p.id && name === p.provider_name} onClick={() => applyPreset(p.id)}>
              <Text fw={600} size="sm">
                {t(`presetNames.${p.id}`)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`formats.${p.id}`)}
              </Text>
            </UnstyledButton>
          ))}
        </div>
      </Card>

      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="provider-heading">
        <Card withBorder>
          <Stack gap="sm">
            <Title order={2} size="h4" id="provider-heading">
              {t('provider')}
            </Title>
            <Text size="sm" role="status" data-testid="detected-format">
              {t('detected', { format: t(`formats.${format}`) })}
              {saved && saved.provider_type !== format && ` · ${t('savedFormat', { format: t(`formats.${saved.provider_type}`) })}`}
            </Text>
            <div className="ai-fields">
              <TextInput label={t('fields.provider_name')} required maxLength={100} {...register('provider_name')} error={fieldError('provider_name')} />
              <TextInput label={t('fields.base_url')} required type="url" maxLength={500} description={t('hints.base_url')} {...register('base_url')} error={fieldError('base_url')} spellCheck={false} />
              <TextInput label={t('fields.model')} required maxLength={200} {...register('model')} error={fieldError('model')} spellCheck={false} />
              <TextInput label={t('fields.temperature')} type="number" step="0.1" min={0} max={2} description={t('hints.temperature')} {...register('temperature', { valueAsNumber: true })} error={fieldError('temperature')} />
              <TextInput label={t('fields.max_tokens')} type="number" step="1" min={1} description={t('hints.max_tokens')} {...register('max_tokens', { valueAsNumber: true })} error={fieldError('max_tokens')} />
            </div>

            <fieldset className="ai-key">
              <legend>{t('fields.api_key')}</legend>
              {saved?.api_key_masked ? (
                <Text size="sm" data-testid="masked-key">
                  {removeKey ? t('key.willRemove') : t('key.stored', { masked: saved.api_key_masked })}
                </Text>
              ) : (
                <Text size="sm">
                  {t('key.none')} {t('hints.noKey')}
                </Text>
              )}
              {replacing ? (
                <TextInput
                  label={t('fields.newKey')}
                  type="password"
                  autoComplete="off"
                  maxLength={500}
                  description={t('hints.newKey')}
                  {...register('api_key')}
                  error={fieldError('api_key')}
                />
              ) : null}
              <Group gap="xs" mt="xs">
                {saved?.api_key_masked && !replacing && (
                  <Button size="xs" variant="default" onClick={() => (setReplacing(true), setRemoveKey(false))}>
                    {t('key.replace')}
                  </Button>
                )}
                {saved?.api_key_masked && replacing && (
                  <Button size="xs" variant="default" onClick={() => (setReplacing(false), setValue('api_key', ''))}>
                    {t('key.keepStored')}
                  </Button>
                )}
                {saved?.api_key_masked && !removeKey && (
                  <Button size="xs" variant="default" color="red" onClick={() => setConfirmKey(true)}>
                    {t('key.remove')}
                  </Button>
                )}
                {removeKey && (
                  <Button size="xs" variant="default" onClick={() => setRemoveKey(false)}>
                    {t('key.undoRemove')}
                  </Button>
                )}
              </Group>
            </fieldset>

            <details>
              <summary>{t('prompts')}</summary>
              <Text size="xs" c="dimmed" my="xs">
                {t('promptsHint')}
              </Text>
              <Stack gap="xs">
                {ACTIONS.map((a) => (
                  <Textarea key={a} label={t(`actions.${a}`)} autosize minRows={2} maxRows={8} maxLength={20000} {...register(`system_prompts.${a}`)} />
                ))}
              </Stack>
            </details>

            {save.isError && (
              <ProblemAlert error={save.error} title={t('saveFailed')}>
                {toFormError(save.error).code === 'EDIT_CONFLICT' && (
                  <Button size="xs" variant="default" mt="xs" onClick={onReload}>
                    {t('reload')}
                  </Button>
                )}
              </ProblemAlert>
            )}
            {justSaved && !formState.isDirty && (
              <Alert color="green" variant="light" role="status">
                {t('saved')}
              </Alert>
            )}
            <Group gap="sm">
              <Button type="submit" loading={save.isPending}>
                {t('save')}
              </Button>
              {saved && (
                <Button variant="default" color="red" onClick={() => setConfirmDelete(true)}>
                  {t('deleteConfig')}
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      </form>

      <Card withBorder component="section" aria-labelledby="models-heading">
        <Stack gap="xs" align="flex-start">
          <Title order={2} size="h4" id="models-heading">
            {t('listModels')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('listModelsHint')}
          </Text>
          <Button variant="default" loading={models.isPending} onClick={listModels}>
            {t('listModels')}
          </Button>
          {models.isError && <ProblemAlert error={models.error} title={t('modelsFailed')} />}
          {models.data &&
            (models.data.models.length === 0 ? (
              <Text size="sm" role="status">
                {t('modelsEmpty')}
              </Text>
            ) : (
              <div role="status" className="ai-models">
                <Text size="sm" fw={600}>
                  {t('modelsTitle', { count: models.data.models.length })}
                </Text>
                <List listStyleType="none" spacing={4} aria-label={t('modelsTitle', { count: models.data.models.length })}>
                  {models.data.models.map((m) => (
                    <List.Item key={m}>
                      <Group gap="xs" wrap="nowrap">
                        <code>{m}</code>
                        <Button size="compact-xs" variant="default" aria-label={t('useModel', { model: m })} onClick={() => setValue('model', m, { shouldDirty: true, shouldValidate: true })}>
                          {t('use')}
                        </Button>
                      </Group>
                    </List.Item>
                  ))}
                </List>
              </div>
            ))}
        </Stack>
      </Card>

      {saved && (
        <Card withBorder component="section" aria-labelledby="test-heading">
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h4" id="test-heading">
              {t('test')}
            </Title>
            <Text size="xs" c="dimmed">
              {formState.isDirty ? t('testUnsaved') : t('testHint')}
            </Text>
            <Button variant="default" loading={test.isPending} onClick={() => test.mutate()}>
              {t('test')}
            </Button>
            {test.data && (
              <Alert color={test.data.success ? 'green' : 'red'} variant="light" role="status" title={test.data.success ? t('testOk') : t('testFailed')} data-testid="test-result">
                {test.data.message}
              </Alert>
            )}
            {test.isError && <ProblemAlert error={test.error} title={t('testError')} />}
          </Stack>
        </Card>
      )}

      <Modal lockScroll={false} opened={confirmKey} onClose={() => setConfirmKey(false)} title={t('key.removeTitle')}>
        <Text mb="md">{t('key.removeText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmKey(false)}>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={() => (setRemoveKey(true), setReplacing(false), setValue('api_key', ''), setConfirmKey(false))}>
            {t('key.remove')}
          </Button>
        </Group>
      </Modal>
      <Modal lockScroll={false} opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('deleteTitle')}>
        <Text mb="md">{t('deleteText')}</Text>
        {remove.isError && <ProblemAlert error={remove.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: () => setConfirmDelete(false) })}>
            {t('confirmDelete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  )
}
