import type { Schemas } from '@atrium-cms/client'
import { Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog'
import { AnchorLink } from '../../shared/ui/links'
import { PageTitle } from '../../shared/ui/PageTitle'
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
  if (detail.isError) return <ProblemAlert error={detail.error} />
  if (!detail.data || !locales.data) return <Text role="status">{t('loading')}</Text>
  const { doc, etag } = detail.data
  const name = `${t(`types.${doc.document_type}`)} (${doc.slug})`
  return (
    <Stack gap="lg">
      <AnchorLink to="/sites/$siteId/legal" params={{ siteId }}>
        ← {t('back')}
      </AnchorLink>
      <PageTitle>{name}</PageTitle>
      <DocFields siteId={siteId} doc={doc} etag={etag} name={name} />
      <section aria-labelledby="legal-texts">
        <Title order={2} size="h3" id="legal-texts" mb="sm">
          {t('texts')}
        </Title>
        <Stack gap="md">
          {[...locales.data]
            .sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.code.localeCompare(b.code))
            .map((l) => (
              <LocalizationCard key={l.id} siteId={siteId} docId={doc.id} locale={l} loc={doc.localizations.find((x) => x.locale_id === l.id)} />
            ))}
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
  const remove = useDeleteLegal(siteId)
  const [values, setValues] = useState(valuesOf(doc))
  const [deleting, setDeleting] = useState(false)
  return (
    <Card withBorder component="form" aria-label={t('settings')} onSubmit={(e: React.FormEvent) => {
      e.preventDefault()
      update.mutate({ id: doc.id, etag, body: bodyOf(values) })
    }}>
      <Stack gap="sm">
        <LegalDocFields values={values} onChange={setValues} errors={fieldErrorsOf(update.error, LEGAL_FIELDS)} />
        <ProblemAlert error={update.error} fieldOrder={LEGAL_FIELDS} />
        <Group gap="xs">
          <Button type="submit" loading={update.isPending}>
            {t('save')}
          </Button>
          {update.isSuccess && !update.isPending && <Text size="sm" role="status">{t('saved')}</Text>}
          <Button variant="subtle" color="red" ml="auto" onClick={() => setDeleting(true)}>
            {t('delete')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={deleting}
        title={t('deleteTitle', { name })}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() => remove.mutate({ id: doc.id, etag }, { onSuccess: () => void navigate({ to: '/sites/$siteId/legal', params: { siteId } }) })}
      >
        <Text size="sm">{t('deleteText')}</Text>
        <ProblemAlert error={remove.error} />
      </ConfirmDialog>
    </Card>
  )
}

const LOC_FIELDS = ['title', 'intro', 'body'] as const

function LocalizationCard({ siteId, docId, locale, loc }: { siteId: string; docId: string; locale: Schemas['Locale']; loc: Schemas['LegalDocumentLocalization'] | undefined }) {
  const { t } = useTranslation('legal')
  const save = useSaveLegalLocalization(siteId)
  const stored = { title: loc?.title ?? '', intro: loc?.intro ?? '', body: loc?.body ?? '' }
  const [values, setValues] = useState(stored)
  useEffect(() => {
    // The stored text after a save's refetch; what was typed stays while a save is pending or failed.
    if (!save.isPending && !save.isError) setValues(stored)
  }, [loc?.title, loc?.intro, loc?.body])
  const errors = fieldErrorsOf(save.error, LOC_FIELDS)
  return (
    <Card withBorder component="form" aria-label={`${locale.name} (${locale.code})`} onSubmit={(e: React.FormEvent) => {
      e.preventDefault()
      save.mutate({ docId, ...(loc ? { existing: loc.id } : {}), localeId: locale.id, body: { title: values.title.trim() || null, intro: values.intro.trim() || null, body: values.body.trim() || null } })
    }}>
      <Stack gap="sm">
        <TextInput label={t('localeTitle', { locale: locale.code })} value={values.title} onChange={(e) => setValues({ ...values, title: e.currentTarget.value })} error={errors.title} />
        <Textarea label={t('localeIntro', { locale: locale.code })} value={values.intro} onChange={(e) => setValues({ ...values, intro: e.currentTarget.value })} error={errors.intro} autosize minRows={2} />
        <Textarea label={t('localeBody', { locale: locale.code })} value={values.body} onChange={(e) => setValues({ ...values, body: e.currentTarget.value })} error={errors.body} autosize minRows={4} maxRows={20} />
        <ProblemAlert error={save.error} fieldOrder={LOC_FIELDS} />
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {t('saveLocale', { locale: locale.code })}
          </Button>
          {save.isSuccess && !save.isPending && <Text size="sm" role="status">{t('saved')}</Text>}
        </Group>
      </Stack>
    </Card>
  )
}
