import { Badge, Button, Group, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { sharedQueries, siteSettings } from '../../shared/api/queries'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { isSaveConflict, SaveConflict, settleWith, type Held } from '../../shared/editor/SaveConflict'
import { can } from '../../shared/logic/access'
import { ConfirmModal } from '../../shared/ui/ConfirmModal'
import { DataTable } from '../../shared/ui/DataTable'
import { ApplyIcon, DeleteIcon } from '../../shared/ui/icons'
import { applyFieldErrors } from '../../shared/ui/formErrors'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { siteQueries, useDeleteSite, useLocaleMutations, useUpdateSite, type Locale, type Settings, type Site } from './api'
import { UploadLimit, ZoneSelect } from './OptionFields'
import { ExportLink } from './transfer/TransferLinks'
import { bytesToMb, mbToBytes, timeZones, zoneOptions } from './timezones'
import '../../shared/ui/ops.css'

/** A site's name, description, frontend URL and favicon; its locales; its options; deleting it (typing the slug). */
export function SiteSettingsScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('sites')
  const site = useQuery(sharedQueries.site(siteId))
  const settings = useQuery(siteSettings.query(siteId))
  const me = useQuery(sharedQueries.me())
  const editable = can(me.data, 'settings.edit', siteId)
  const title = t('settings.title')
  return (
    <Stack gap="lg">
      <ScreenHeader siteId={siteId} title={title}>
        <ExportLink siteId={siteId} />
      </ScreenHeader>
      {me.data && !editable && <Text role="note">{t('settings.readOnly')}</Text>}
      {site.isError && <ProblemAlert error={site.error} />}
      {site.data && <SiteForm key={site.data.id} site={site.data} editable={editable} />}
      <LocalesSection siteId={siteId} editable={can(me.data, 'locales.manage', siteId)} />
      {settings.isError && <ProblemAlert error={settings.error} />}
      {settings.data && <OptionsForm siteId={siteId} settings={settings.data.data} etag={settings.data.etag} editable={editable} />}
      {site.data && me.data && (can(me.data, 'site.delete', siteId) ? <DangerZone site={site.data} /> : null)}
    </Stack>
  )
}

interface SiteValues {
  name: string
  description: string
  url: string
  favicon_url: string
}
const SITE_FIELDS = ['name', 'description', 'url', 'favicon_url'] as const

const siteValuesOf = (site: Site): SiteValues => ({
  name: site.name,
  description: site.description ?? '',
  url: site.url ?? '',
  favicon_url: site.favicon_url ?? '',
})

function SiteForm({ site, editable }: { site: Site; editable: boolean }) {
  const { t } = useTranslation('sites')
  const update = useUpdateSite(site.id)
  // The version the form edits (its If-Match): the site as loaded, then theirs after a conflict the editor settled.
  const [held, setHeld] = useState<Held<Site>>({ record: site })
  const { register, handleSubmit, setError, setFocus, formState, reset, watch } = useForm<SiteValues>({ defaultValues: siteValuesOf(site) })
  const send = (v: SiteValues, version: Held<Site>) =>
    update.mutate(
      {
        body: { name: v.name.trim(), description: v.description.trim() || null, url: v.url.trim() || null, favicon_url: v.favicon_url.trim() || null },
        held: version,
      },
      { onSuccess: (s) => (setHeld({ record: s }), reset(siteValuesOf(s))), onError: (e) => applyFieldErrors(e, SITE_FIELDS, setError, setFocus) },
    )
  useUnsavedEdits(formState.isDirty)
  const submit = handleSubmit((v) => send(v, held))
  // A newer site (refetched) shows unless typed (its save meets the conflict view); no remount: focus and "Saved." stay.
  const newer = Date.parse(site.updated_at) > Date.parse(held.record.updated_at) && !formState.isDirty && !update.isPending
  useEffect(() => {
    if (!newer) return
    setHeld({ record: site })
    reset(siteValuesOf(site))
  }, [newer, site, reset])
  const conflict = isSaveConflict(update.error) && (
    <SaveConflict<SiteValues, Site>
      error={update.error}
      title={t('settings.conflictSite')}
      base={siteValuesOf(held.record)}
      mine={watch()}
      valuesOf={siteValuesOf}
      label={(f) => t(`settings.${f === 'favicon_url' ? 'favicon' : f}`)}
      {...settleWith({ setValues: reset, setHeld, send, clearError: update.reset })}
    />
  )
  return (
    <section aria-labelledby="site-general" className="ops-section">
      <Title order={2} size="h3" id="site-general" mb="sm">
        {t('settings.general')}
      </Title>
      <form onSubmit={(e) => void submit(e)} className="ops-form" noValidate>
        <fieldset disabled={!editable} className="ops-form ops-plain">
          <TextInput label={t('settings.name')} required {...register('name', { required: t('create.required') })} error={formState.errors.name?.message} />
          <Textarea label={t('settings.description')} autosize minRows={2} {...register('description')} error={formState.errors.description?.message} />
          <TextInput
            label={t('settings.url')}
            description={t('settings.urlHint')}
            type="url"
            placeholder="https://example.com"
            {...register('url')}
            error={formState.errors.url?.message}
          />
          <TextInput
            label={t('settings.favicon')}
            type="url"
            placeholder="https://example.com/favicon.ico"
            {...register('favicon_url')}
            error={formState.errors.favicon_url?.message}
          />
        </fieldset>
        {conflict || <ProblemAlert error={update.error} need="siteAdmin" fieldOrder={SITE_FIELDS} />}
        {editable && (
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('settings.save')}
            </Button>
            <Text size="sm" role="status">
              {update.isSuccess && !formState.isDirty ? t('settings.saved') : ''}
            </Text>
          </Group>
        )}
      </form>
    </section>
  )
}

function LocalesSection({ siteId, editable }: { siteId: string; editable: boolean }) {
  const { t } = useTranslation('sites')
  const locales = useQuery(siteQueries.locales(siteId))
  const m = useLocaleMutations(siteId)
  const [removing, setRemoving] = useState<Locale | null>(null)
  return (
    <section aria-labelledby="site-locales" className="ops-section">
      <Title order={2} size="h3" id="site-locales" mb="sm">
        {t('locales.title')}
      </Title>
      {locales.data && (
        <DataTable
          label={t('locales.tableLabel')}
          rows={locales.data}
          rowKey={(l) => l.id}
          columns={[
            { key: 'code', header: t('locales.code'), cell: (l) => <span className="ops-mono">{l.code}</span> },
            { key: 'name', header: t('locales.name'), cell: (l) => l.name },
            { key: 'default', header: t('locales.default'), cell: (l) => (l.is_default ? <Badge variant="light">{t('locales.isDefault')}</Badge> : '—') },
          ]}
          actions={
            editable
              ? [
                  {
                    key: 'default',
                    label: t('locales.makeDefaultShort'),
                    name: (l) => t('locales.makeDefault', { code: l.code }),
                    icon: ApplyIcon,
                    onClick: (l) => m.makeDefault.mutate(l.id),
                    busy: (l) => m.makeDefault.isPending && m.makeDefault.variables === l.id,
                    hidden: (l) => l.is_default,
                  },
                  {
                    key: 'remove',
                    label: t('locales.removeShort'),
                    name: (l) => t('locales.remove', { code: l.code }),
                    icon: DeleteIcon,
                    onClick: setRemoving,
                    hidden: (l) => l.is_default,
                    danger: true,
                  },
                ]
              : undefined
          }
        />
      )}
      {editable && (
        <>
          <Text size="xs" c="dimmed" mt="xs">
            {t('locales.defaultNote')}
          </Text>
          <AddLocaleForm siteId={siteId} />
          <ProblemAlert error={m.makeDefault.error} need="siteAdmin" />
        </>
      )}
      <ConfirmModal
        opened={removing !== null}
        title={t('locales.removeTitle', { code: removing?.code ?? '' })}
        confirmLabel={t('locales.removeConfirm')}
        onClose={() => (setRemoving(null), m.remove.reset())}
        busy={m.remove.isPending}
        error={m.remove.error}
        need="siteAdmin"
        onConfirm={() => removing && m.remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        <Text size="sm">{t('locales.removeText', { code: removing?.code ?? '' })}</Text>
      </ConfirmModal>
    </section>
  )
}

export interface OptionValues {
  editorial_workflow_enabled: boolean
  ai_enabled: boolean
  analytics_enabled: boolean
  timezone: string
  post_path: string
  feed_path: string
  /** '' is no frontend preview (null on the wire). */
  preview_url: string
  upload_mb: number
}
const OPTION_FIELDS = [
  'editorial_workflow_enabled',
  'ai_enabled',
  'analytics_enabled',
  'timezone',
  'post_path',
  'feed_path',
  'preview_url',
  'upload_mb',
] as const

function OptionsForm({ siteId, settings, etag, editable }: { siteId: string; settings: Settings; etag: string | undefined; editable: boolean }) {
  const { t } = useTranslation('sites')
  const save = siteSettings.useSave(siteId)
  const zones = useMemo(() => zoneOptions(settings.timezone, timeZones()), [settings.timezone])
  const values = (s: Settings): OptionValues => ({
    editorial_workflow_enabled: s.editorial_workflow_enabled,
    ai_enabled: s.ai_enabled,
    analytics_enabled: s.analytics_enabled,
    timezone: s.timezone,
    post_path: s.post_path,
    feed_path: s.feed_path,
    preview_url: s.preview_url ?? '',
    upload_mb: bytesToMb(s.max_upload_bytes),
  })
  const { register, handleSubmit, control, setError, setFocus, formState, reset, watch } = useForm<OptionValues>({ defaultValues: values(settings) })
  // The version the form edits (its If-Match): the settings as loaded, then theirs after a conflict the editor settled.
  const [held, setHeld] = useState<Held<Settings>>({ record: settings, etag })
  useEffect(() => {
    if (formState.isDirty) return
    reset(values(settings))
    setHeld({ record: settings, etag })
    // Follows the server's settings only while nothing is typed (never loses work); a save of typed options on an
    // older version meets the 412 and its conflict view.
  }, [settings])
  const send = (v: OptionValues, version: Held<Settings>) => {
    const { upload_mb, preview_url, ...rest } = v
    save.mutate(
      { body: { ...rest, preview_url: preview_url.trim() || null, max_upload_bytes: mbToBytes(upload_mb) }, held: version },
      {
        onSuccess: (s) => (setHeld({ record: s.data, etag: s.etag }), reset(values(s.data))),
        onError: (e) => {
          // The API names max_upload_bytes; the form shows megabytes.
          const fe = e as { errors?: { field: string }[] }
          fe.errors?.forEach((x) => (x.field = x.field.replace(/max_upload_bytes$/, 'upload_mb')))
          applyFieldErrors(e, OPTION_FIELDS, setError, setFocus)
        },
      },
    )
  }
  useUnsavedEdits(formState.isDirty)
  const submit = handleSubmit((v) => send(v, held))
  const labelKeys: Record<string, string> = {
    editorial_workflow_enabled: 'workflow',
    ai_enabled: 'ai',
    analytics_enabled: 'analytics',
    post_path: 'postPath',
    feed_path: 'feedPath',
    preview_url: 'previewUrl',
    upload_mb: 'uploadLimit',
  }
  const conflict = isSaveConflict(save.error) && (
    <SaveConflict<OptionValues, Settings>
      error={save.error}
      title={t('settings.conflictOptions')}
      base={values(held.record)}
      mine={watch()}
      valuesOf={values}
      label={(f) => t(`settings.${labelKeys[f] ?? f}`)}
      {...settleWith({ setValues: reset, setHeld, send, clearError: save.reset })}
    />
  )
  const toggle = (name: 'editorial_workflow_enabled' | 'ai_enabled' | 'analytics_enabled', label: string, hint: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          description={hint}
          checked={field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  )
  return (
    <section aria-labelledby="site-options" className="ops-section">
      <Title order={2} size="h3" id="site-options" mb="sm">
        {t('settings.options')}
      </Title>
      <form onSubmit={(e) => void submit(e)} className="ops-form" noValidate>
        <fieldset disabled={!editable} className="ops-form ops-plain">
          {toggle('editorial_workflow_enabled', t('settings.workflow'), t('settings.workflowHint'))}
          {toggle('ai_enabled', t('settings.ai'), t('settings.aiHint'))}
          {toggle('analytics_enabled', t('settings.analytics'), t('settings.analyticsHint'))}
          <ZoneSelect control={control} zones={zones} />
          <TextInput
            label={t('settings.postPath')}
            description={t('settings.postPathHint')}
            {...register('post_path', {
              validate: (v) => (!v.startsWith('/') ? t('settings.mustStartSlash') : !v.includes('{slug}') ? t('settings.needsSlug') : true),
            })}
            error={formState.errors.post_path?.message}
          />
          <TextInput
            label={t('settings.feedPath')}
            description={t('settings.feedPathHint')}
            {...register('feed_path', { validate: (v) => v.startsWith('/') || t('settings.mustStartSlash') })}
            error={formState.errors.feed_path?.message}
          />
          <TextInput
            label={t('settings.previewUrl')}
            description={t('settings.previewUrlHint')}
            placeholder="https://blog.example.com/api/preview?token={token}&path={path}"
            {...register('preview_url', { validate: (v) => v.trim() === '' || v.includes('{token}') || t('settings.needsToken') })}
            error={formState.errors.preview_url?.message}
          />
          <UploadLimit control={control} />
        </fieldset>
        {conflict || <ProblemAlert error={save.error} need="siteAdmin" fieldOrder={OPTION_FIELDS} />}
        {editable && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
            {save.isSuccess && !formState.isDirty && (
              <Text size="sm" role="status">
                {t('settings.saved')}
              </Text>
            )}
          </Group>
        )}
      </form>
    </section>
  )
}

function DangerZone({ site }: { site: Site }) {
  const { t } = useTranslation('sites')
  const navigate = useNavigate()
  const del = useDeleteSite(site.id)
  const [open, setOpen] = useState(false)
  return (
    <section aria-labelledby="site-danger" className="ops-section ops-danger">
      <Title order={2} size="h3" id="site-danger" mb="sm">
        {t('danger.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('danger.text')}
      </Text>
      <Button color="red" variant="outline" onClick={() => setOpen(true)}>
        {t('danger.button')}
      </Button>
      <ConfirmModal
        opened={open}
        title={t('danger.confirmTitle', { name: site.name })}
        confirmLabel={t('danger.confirm')}
        typeToConfirm={site.slug}
        onClose={() => (setOpen(false), del.reset())}
        busy={del.isPending}
        error={del.error}
        need="siteOwner"
        onConfirm={() => del.mutate(undefined, { onSuccess: () => void navigate({ to: '/sites' }) })}
      >
        <Text size="sm">{t('danger.confirmText', { name: site.name })}</Text>
      </ConfirmModal>
    </section>
  )
}

function AddLocaleForm({ siteId }: { siteId: string }) {
  const { t } = useTranslation('sites')
  const { add } = useLocaleMutations(siteId)
  const [code, setCode] = useState('')
  const [name, setName] = useState('')
  useUnsavedEdits(code !== '' || name !== '')
  return (
    <>
      <form
        className="ops-filters"
        onSubmit={(e) => {
          e.preventDefault()
          if (code.trim() === '') return
          add.mutate({ code: code.trim(), ...(name.trim() ? { name: name.trim() } : {}) }, { onSuccess: () => (setCode(''), setName('')) })
        }}
      >
        <TextInput label={t('locales.newCode')} value={code} onChange={(e) => setCode(e.currentTarget.value)} placeholder="fr" required />
        <TextInput label={t('locales.newName')} value={name} onChange={(e) => setName(e.currentTarget.value)} placeholder="Français" />
        <Button type="submit" loading={add.isPending}>
          {t('locales.add')}
        </Button>
      </form>
      <ProblemAlert error={add.error} need="siteAdmin" />
    </>
  )
}
