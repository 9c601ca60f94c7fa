import { ActionIcon, Badge, Button, Group, Radio, Stack, Text, TextInput, Textarea, Title, Tooltip } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { sharedQueries } from '../../shared/api/queries'
import { can } from '../../shared/logic/access'
import { isValidSlug, slugify } from '../../shared/logic/slug'
import { applyFieldErrors } from '../../shared/ui/formErrors'
import { DataTable } from '../../shared/ui/DataTable'
import { DeleteIcon } from '../../shared/ui/icons'
import { AnchorLink } from '../../shared/ui/links'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { NeedNote, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { useCreateSite } from './api'
import { ImportLink } from './transfer/TransferLinks'
import { duplicateCodes, localesBody, type LocaleEntry } from './timezones'
import '../../shared/ui/ops.css'

/** Every site the caller can read, each leading to its dashboard and settings; creating a site with its locales. */
export function SitesScreen() {
  const { t } = useTranslation('sites')
  const sites = useQuery(sharedQueries.sites())
  const me = useQuery(sharedQueries.me())
  const canCreate = me.data !== undefined && can(me.data, 'site.create')
  return (
    <Stack gap="lg">
      <ScreenHeader title={t('list.title')}>
        {/* The form comes after the list: with many sites, keyboard users would Tab through every row to reach it. */}
        {canCreate && (
          <Button variant="light" onClick={() => document.getElementById(NEW_SITE_NAME)?.focus()}>
            {t('list.newSite')}
          </Button>
        )}
        <ImportLink />
      </ScreenHeader>
      <DataTable
        label={t('list.tableLabel')}
        rows={sites.data}
        rowKey={(s) => s.id}
        error={sites.error}
        onRetry={() => void sites.refetch()}
        loadingText={t('common:loading')}
        empty={t('list.empty')}
        striped
        columns={[
          {
            key: 'name',
            header: t('list.name'),
            sortValue: (s) => s.name,
            cell: (s) => (
              <AnchorLink to="/sites/$siteId" params={{ siteId: s.id }} aria-label={t('list.open', { name: s.name })}>
                {s.name}
              </AnchorLink>
            ),
          },
          { key: 'slug', header: t('list.slug'), sortValue: (s) => s.slug, truncate: (s) => s.slug, cell: (s) => <span className="ops-mono">{s.slug}</span> },
          { key: 'url', header: t('list.url'), sortValue: (s) => s.url, truncate: (s) => s.url ?? '—', cell: (s) => s.url ?? '—' },
          {
            key: 'active',
            header: t('list.active'),
            nowrap: true,
            sortValue: (s) => (s.is_active ? 0 : 1),
            cell: (s) => (
              <Badge variant="light" color={s.is_active ? 'green' : 'gray'}>
                {s.is_active ? t('list.yes') : t('list.no')}
              </Badge>
            ),
          },
          {
            key: 'settings',
            header: <span className="visually-hidden">{t('settings.title')}</span>,
            cardLabel: '',
            nowrap: true,
            cell: (s) => (
              <AnchorLink to="/sites/$siteId/settings" params={{ siteId: s.id }} aria-label={t('list.settings', { name: s.name })}>
                {t('settings.title')}
              </AnchorLink>
            ),
          },
        ]}
      />
      {me.data && (canCreate ? <CreateSiteForm /> : <NeedNote need="createSite" />)}
    </Stack>
  )
}

/** The create form's first field, which "New site" above the list moves the focus to. */
const NEW_SITE_NAME = 'new-site-name'

interface CreateValues {
  name: string
  slug: string
  description: string
  locales: LocaleEntry[]
}
const FIELDS = ['name', 'slug', 'description', 'locales'] as const

function CreateSiteForm() {
  const { t } = useTranslation('sites')
  const navigate = useNavigate()
  const create = useCreateSite()
  const [slugTouched, setSlugTouched] = useState(false)
  const form = useForm<CreateValues>({
    defaultValues: { name: '', slug: '', description: '', locales: [{ code: 'en', name: 'English', isDefault: true }] },
  })
  const { register, handleSubmit, setValue, setError, setFocus, formState } = form
  useUnsavedEdits(formState.isDirty)

  const submit = handleSubmit((v) => {
    if (duplicateCodes(v.locales).length > 0) return
    create.mutate(
      { name: v.name.trim(), slug: v.slug.trim(), description: v.description.trim() || null, locales: localesBody(v.locales) },
      {
        onSuccess: (site) => void navigate({ to: '/sites/$siteId/settings', params: { siteId: site.id }, ignoreBlocker: true }),
        onError: (e) => applyFieldErrors(e, FIELDS, setError, setFocus),
      },
    )
  })

  return (
    <section aria-labelledby="create-site-heading" className="ops-section">
      <Title order={2} size="h3" id="create-site-heading" mb="sm">
        {t('create.title')}
      </Title>
      <form onSubmit={(e) => void submit(e)} className="ops-form" noValidate>
        <TextInput
          id={NEW_SITE_NAME}
          label={t('create.name')}
          required
          {...register('name', {
            required: t('create.required'),
            onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
              if (!slugTouched) setValue('slug', slugify(e.target.value))
            },
          })}
          error={formState.errors.name?.message}
        />
        <TextInput
          label={t('create.slug')}
          description={t('create.slugHint')}
          required
          {...register('slug', {
            required: t('create.required'),
            validate: (s) => isValidSlug(s) || t('create.badSlug'),
            onChange: () => setSlugTouched(true),
          })}
          error={formState.errors.slug?.message}
        />
        <Textarea label={t('create.description')} autosize minRows={2} {...register('description')} error={formState.errors.description?.message} />
        <LocalesFieldset form={form} />
        <ProblemAlert error={create.error} need="createSite" fieldOrder={FIELDS} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </Group>
      </form>
    </section>
  )
}

/** The new site's locales: code and name per row, one marked default (a radio group), duplicates flagged. */
function LocalesFieldset({ form }: { form: UseFormReturn<CreateValues> }) {
  const { t } = useTranslation('sites')
  const { register, control, setValue, watch, formState } = form
  const locales = useFieldArray({ control, name: 'locales' })
  const entries = watch('locales')
  const dups = duplicateCodes(entries)
  const defaultIndex = Math.max(
    0,
    entries.findIndex((e) => e.isDefault),
  )
  return (
    <fieldset className="ops-section">
      <legend>{t('create.locales')}</legend>
      <Text size="sm" c="dimmed" mb="xs">
        {t('create.localesHint')}
      </Text>
      <Radio.Group
        value={String(defaultIndex)}
        onChange={(v) => entries.forEach((_, i) => setValue(`locales.${i}.isDefault`, String(i) === v))}
        label={t('create.isDefault')}
      >
        <Stack gap="xs">
          {locales.fields.map((f, i) => (
            <Group key={f.id} gap="xs" align="flex-end" wrap="nowrap">
              <Radio value={String(i)} aria-label={`${t('create.isDefault')}: ${entries[i]?.code || i + 1}`} />
              <TextInput label={t('create.code', { n: i + 1 })} {...register(`locales.${i}.code`)} w={110} />
              <TextInput label={t('create.localeName', { n: i + 1 })} {...register(`locales.${i}.name`)} className="ops-grow" />
              {/* An icon of fixed size: a text "×" in a squeezed row at phone width was clipped. */}
              <Tooltip label={t('create.removeLocale', { n: i + 1 })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  onClick={() => locales.remove(i)}
                  disabled={locales.fields.length === 1}
                  aria-label={t('create.removeLocale', { n: i + 1 })}
                >
                  <DeleteIcon size={18} stroke={1.75} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      </Radio.Group>
      {dups.map((c) => (
        <Text key={c} c="red" size="sm" role="alert">
          {t('create.duplicate', { code: c })}
        </Text>
      ))}
      {formState.errors.locales?.message && (
        <Text c="red" size="sm">
          {formState.errors.locales.message}
        </Text>
      )}
      <Button variant="default" mt="xs" onClick={() => locales.append({ code: '', name: '', isDefault: false })}>
        {t('create.addLocale')}
      </Button>
    </fieldset>
  )
}
