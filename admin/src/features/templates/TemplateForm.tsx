import type { Schemas } from '@atrium-cms/client'
import { Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { FormActions } from '../../shared/ui/FormActions'
import { fieldErrorsOf, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { useSaveTemplate } from './api'
import { parseJsonObject, prettyJson } from './json'

const TYPES = ['blog', 'page', 'skill', 'cv'] as const
type ContentType = (typeof TYPES)[number]
const FIELDS = ['name', 'description', 'content_type', 'template_data'] as const

export interface Editing {
  template?: Schemas['ContentTemplate']
  etag?: string
}

/** Create or edit a template; the JSON is checked before anything is sent, and typed text survives every error. */
export function TemplateForm({ siteId, editing, onClose }: { siteId: string; editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('templates')
  const tpl = editing.template
  const [name, setName] = useState(tpl?.name ?? '')
  const [description, setDescription] = useState(tpl?.description ?? '')
  const [type, setType] = useState<ContentType>(tpl?.content_type ?? 'blog')
  const [data, setData] = useState(tpl ? prettyJson(tpl.template_data) : '{\n  "localizations": []\n}')
  const [jsonError, setJsonError] = useState<string | undefined>()
  const save = useSaveTemplate(siteId)
  const close = useUnsavedEdits(
    name !== (tpl?.name ?? '') ||
      description !== (tpl?.description ?? '') ||
      type !== (tpl?.content_type ?? 'blog') ||
      data !== (tpl ? prettyJson(tpl.template_data) : '{\n  "localizations": []\n}'),
    onClose,
  )
  const errors = fieldErrorsOf(save.error, FIELDS)

  const submit = () => {
    const parsed = parseJsonObject(data)
    if (!parsed.ok) {
      setJsonError(parsed.reason === 'syntax' ? t('invalidJson', { message: parsed.message }) : t('notObject'))
      return
    }
    setJsonError(undefined)
    save.mutate(
      {
        ...(tpl ? { id: tpl.id, etag: editing.etag } : {}),
        body: { name: name.trim(), description: description.trim() || null, content_type: type, template_data: parsed.value },
      },
      { onSuccess: onClose },
    )
  }
  const hint = type === 'blog' ? t('dataHintBlog') : type === 'page' ? t('dataHintPage') : t('dataHintOther')

  return (
    <Modal opened onClose={close} title={tpl ? t('editTitle') : t('newTitle')} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <Stack gap="sm">
          <TextInput label={t('name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
          <TextInput label={t('description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={errors.description} />
          <Select
            label={t('contentType')}
            data={TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            value={type}
            onChange={(v) => setType(TYPES.find((x) => x === v) ?? 'blog')}
            allowDeselect={false}
            error={errors.content_type}
          />
          <Textarea
            label={t('data')}
            description={hint}
            value={data}
            onChange={(e) => {
              setData(e.currentTarget.value)
              setJsonError(undefined)
            }}
            error={jsonError ?? errors.template_data}
            autosize
            minRows={6}
            maxRows={20}
            spellCheck={false}
            classNames={{ input: 'templates-json' }}
          />
          <ProblemAlert error={save.error} fieldOrder={FIELDS} />
          <FormActions cancelLabel={t('cancel')} onCancel={close} submitLabel={t('save')} busy={save.isPending} />
          {save.isPending && <Text size="xs" role="status" />}
        </Stack>
      </form>
    </Modal>
  )
}
