import type { Schemas } from '@atrium-cms/client'
import { Button, FileInput, Group, SegmentedControl, Select, Stack, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { sharedQueries } from '../../shared/api/queries'
import { formatBytes } from '../../shared/i18n/format'
import { fieldErrorsOf, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { useCreateDocument } from './api'
import { fileToBase64, overLimit } from './files'
import { treeOrder } from './tree'

const FIELDS = ['file_base64', 'file_name', 'url', 'document_type', 'folder_id'] as const

/** A new document: a file (checked against the site's upload limit before it is sent) or a link. */
export function AddDocumentForm({
  siteId,
  folders,
  folderId,
  onDone,
}: {
  siteId: string
  folders: Schemas['DocumentFolder'][]
  folderId: string | undefined
  onDone: () => void
}) {
  const { t, i18n } = useTranslation('documents')
  const settings = useQuery(sharedQueries.settings(siteId))
  const limit = settings.data?.max_upload_bytes
  const create = useCreateDocument(siteId)
  const [source, setSource] = useState<'file' | 'url'>('file')
  const [file, setFile] = useState<File | null>(null)
  const [url, setUrl] = useState('')
  const [fileName, setFileName] = useState('')
  const [type, setType] = useState('')
  const [folder, setFolder] = useState(folderId ?? '')
  const [tooLarge, setTooLarge] = useState<string | undefined>()
  const cancel = useUnsavedEdits(file !== null || url !== '' || fileName !== '' || type !== '', onDone)
  const errors = fieldErrorsOf(create.error, FIELDS)

  const submit = async () => {
    const common = { document_type: type.trim(), folder_id: folder === '' ? null : folder }
    if (source === 'url') {
      create.mutate({ ...common, url: url.trim(), ...(fileName.trim() ? { file_name: fileName.trim() } : {}) }, { onSuccess: onDone })
      return
    }
    if (!file) return
    const over = overLimit(file.size, limit)
    if (over) {
      setTooLarge(t('fileTooLarge', { name: file.name, size: formatBytes(over.size, i18n.language), limit: formatBytes(over.limit, i18n.language) }))
      return
    }
    create.mutate({ ...common, file_base64: await fileToBase64(file), file_name: fileName.trim() || file.name }, { onSuccess: onDone })
  }

  return (
    <form
      aria-labelledby="documents-add"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="documents-add">
          {t('addTitle')}
        </Title>
        <SegmentedControl
          aria-label={t('source')}
          value={source}
          onChange={(v) => setSource(v === 'url' ? 'url' : 'file')}
          data={[
            { value: 'file', label: t('sourceFile') },
            { value: 'url', label: t('sourceUrl') },
          ]}
        />
        {source === 'file' ? (
          <FileInput
            label={t('file')}
            required
            value={file}
            onChange={(f) => {
              setFile(f)
              setTooLarge(undefined)
            }}
            description={limit ? t('fileHint', { size: formatBytes(limit, i18n.language) }) : undefined}
            error={tooLarge ?? errors.file_base64}
            clearable
          />
        ) : (
          <TextInput
            label={t('url')}
            type="url"
            required
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={errors.url}
            placeholder="https://"
          />
        )}
        <TextInput label={t('fileName')} value={fileName} onChange={(e) => setFileName(e.currentTarget.value)} error={errors.file_name} />
        <TextInput
          label={t('documentType')}
          description={t('documentTypeHint')}
          required
          value={type}
          onChange={(e) => setType(e.currentTarget.value)}
          error={errors.document_type}
        />
        <Select
          label={t('folder')}
          data={[{ value: '', label: t('noFolder') }, ...treeOrder(folders).map((f) => ({ value: f.id, label: `${'· '.repeat(f.depth)}${f.name}` }))]}
          value={folder}
          onChange={(v) => setFolder(v ?? '')}
          allowDeselect={false}
          error={errors.folder_id}
        />
        <ProblemAlert error={create.error} fieldOrder={FIELDS} />
        <Group gap="xs">
          <Button type="submit" loading={create.isPending}>
            {t('add')}
          </Button>
          <Button variant="default" onClick={cancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
