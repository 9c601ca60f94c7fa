import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type React from 'react'
import { useTranslation } from 'react-i18next'
import { toFormError } from '../../../shared/logic/errors'
import { mediaQueries, useCreateFolder } from '../api'
import { MEDIA_DRAG_TYPE } from './MediaItems'
import { folderTree } from './search'

/**
 * The site's media folders as the API has them (a tree by `parent_id`): "All files" and each folder; the chosen one
 * filters the list and receives uploads. Authors add a folder inside the current one.
 */
export function FolderNav({
  siteId,
  current,
  onChoose,
  canEdit,
  headingLevel,
  onDropMedia,
}: {
  siteId: string
  current: string | undefined
  onChoose: (id: string | undefined) => void
  canEdit: boolean
  headingLevel: 2 | 3
  /** A file dragged from the list onto a folder: move it there. */
  onDropMedia?: ((media: { id: string; name: string }, folder: { id: string; name: string }) => void) | undefined
}) {
  const { t } = useTranslation('media')
  const folders = useQuery(mediaQueries.folders(siteId))
  const nodes = folderTree(folders.data ?? [])
  const H = `h${headingLevel}` as const
  const [over, setOver] = useState<string | undefined>(undefined)
  const dropProps = (f: { id: string; name: string }) =>
    onDropMedia
      ? {
          onDragOver: (e: React.DragEvent) => {
            if (!e.dataTransfer.types.includes(MEDIA_DRAG_TYPE)) return
            e.preventDefault()
            e.dataTransfer.dropEffect = 'move'
            setOver(f.id)
          },
          onDragLeave: () => setOver((o) => (o === f.id ? undefined : o)),
          onDrop: (e: React.DragEvent) => {
            setOver(undefined)
            const raw = e.dataTransfer.getData(MEDIA_DRAG_TYPE)
            if (!raw) return
            e.preventDefault()
            onDropMedia(JSON.parse(raw) as { id: string; name: string }, f)
          },
          'data-drop-over': over === f.id ? '' : undefined,
        }
      : {}
  return (
    <nav aria-label={t('folders.title')} className="media-folders">
      <H className="media-side-heading">{t('folders.title')}</H>
      <ul>
        <li>
          <Button
            variant={current === undefined ? 'light' : 'subtle'}
            size="compact-sm"
            aria-current={current === undefined ? 'true' : undefined}
            onClick={() => onChoose(undefined)}
            fullWidth
            justify="flex-start"
          >
            {t('folders.all')}
          </Button>
        </li>
        {nodes.map((f) => (
          <li key={f.id} className={`media-folder-depth-${Math.min(f.depth, 4)}`}>
            <Button
              variant={current === f.id ? 'light' : 'subtle'}
              size="compact-sm"
              aria-current={current === f.id ? 'true' : undefined}
              onClick={() => onChoose(f.id)}
              fullWidth
              justify="flex-start"
              {...dropProps(f)}
            >
              {f.name}
            </Button>
          </li>
        ))}
      </ul>
      {canEdit && <NewFolder siteId={siteId} parent={current} />}
    </nav>
  )
}

function NewFolder({ siteId, parent }: { siteId: string; parent: string | undefined }) {
  const { t } = useTranslation('media')
  const create = useCreateFolder(siteId)
  const [name, setName] = useState('')
  const error = create.error ? toFormError(create.error) : undefined
  return (
    <form
      className="media-new-folder"
      onSubmit={(e) => {
        e.preventDefault()
        if (name.trim() === '') return
        create.mutate({ name: name.trim(), parent_id: parent ?? null }, { onSuccess: () => setName('') })
      }}
    >
      <Stack gap={4}>
        <TextInput
          size="xs"
          label={parent ? t('folders.newInside') : t('folders.new')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={200}
          error={error?.fieldErrors.name}
        />
        <Group gap="xs">
          <Button size="compact-sm" type="submit" variant="default" loading={create.isPending} disabled={name.trim() === ''}>
            {t('folders.create')}
          </Button>
        </Group>
        {error && !error.fieldErrors.name && (
          <Text size="xs" c="var(--mantine-color-red-text)" role="alert">
            {error.title ?? t(error.formMessageKey)}
          </Text>
        )}
      </Stack>
    </form>
  )
}
