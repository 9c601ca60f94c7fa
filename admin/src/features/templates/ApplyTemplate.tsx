import type { Schemas } from '@atrium-cms/client'
import { Modal, Stack, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { FormActions } from '../../shared/ui/FormActions'
import { fieldErrorsOf, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { useApplyTemplate } from './api'

/** A new Draft post (titled here) or page (routed here) from a template, then its editor. */
export function ApplyTemplate({ siteId, template, onClose }: { siteId: string; template: Schemas['ContentTemplate']; onClose: () => void }) {
  const { t } = useTranslation('templates')
  const navigate = useNavigate()
  const locales = useQuery(sharedQueries.locales(siteId))
  const defaultLocale = locales.data?.find((l) => l.is_default)?.code ?? locales.data?.[0]?.code ?? 'en'
  const apply = useApplyTemplate(siteId)
  const start = template.content_type === 'page' ? '/' : ''
  const [text, setText] = useState(start)
  const [created, setCreated] = useState<string | null>(null)
  const close = useUnsavedEdits(text !== start && created === null, onClose)
  const kind = template.content_type === 'page' ? 'page' : 'blog'
  const errors = fieldErrorsOf(apply.error)
  const fieldError = kind === 'page' ? (errors.route ?? errors.slug) : (errors['localizations.0.title'] ?? errors.slug ?? errors.localizations)

  const submit = () =>
    apply.mutate(
      kind === 'blog' ? { kind, templateId: template.id, locale: defaultLocale, title: text.trim() } : { kind, templateId: template.id, route: text.trim() },
      {
        onSuccess: setCreated,
      },
    )

  // Once created the form is clean, and useUnsavedEdits' effect (declared first) has told the leave guard: the new
  // record's editor opens unasked.
  useEffect(() => {
    if (created === null) return
    void navigate(
      kind === 'blog'
        ? { to: '/sites/$siteId/blogs/$blogId', params: { siteId, blogId: created } }
        : { to: '/sites/$siteId/$area/$recordId', params: { siteId, area: 'pages', recordId: created } },
    )
  }, [created, kind, navigate, siteId])

  return (
    <Modal opened onClose={close} title={t('applyTitle', { type: t(`types.${template.content_type}`), name: template.name })}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={kind === 'blog' ? t('applyPostTitle') : t('applyRoute')}
            description={kind === 'page' ? t('applyRouteHint') : undefined}
            required
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={fieldError}
            data-autofocus
          />
          <ProblemAlert error={apply.error} />
          <FormActions cancelLabel={t('cancel')} onCancel={close} submitLabel={t('create')} busy={apply.isPending} />
        </Stack>
      </form>
    </Modal>
  )
}
