import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { mediaQueries, useMediaSave, type MediaDetail } from '../api'
import { folderTree } from '../library/search'
import { ConflictNotice, ErrorNotice } from './Notices'

const NO_FOLDER = ''

/**
 * Rename and move: the file name and the folder (this site's folders only; the API refuses another site's), saved
 * together with one button, only what changed, with If-Match: a change saved elsewhere meanwhile is shown beside the
 * editor's (take theirs, or save mine over it), never overwritten silently. A change saved elsewhere and loaded
 * becomes the new starting point.
 */
export function FileSettings({ siteId, media }: { siteId: string; media: MediaDetail }) {
  const { t } = useTranslation('media')
  const folders = useQuery(mediaQueries.folders(siteId))
  const saver = useMediaSave(siteId, media)
  const [name, setName] = useState(media.filename)
  const [folder, setFolder] = useState(media.folder_id ?? NO_FOLDER)
  const [done, setDone] = useState(false)
  useEffect(() => setName(media.filename), [media.filename])
  useEffect(() => setFolder(media.folder_id ?? NO_FOLDER), [media.folder_id])
  const trimmed = name.trim()
  const patch = {
    ...(trimmed !== media.filename ? { filename: trimmed } : {}),
    ...(folder !== (media.folder_id ?? NO_FOLDER) ? { folder_id: folder === NO_FOLDER ? null : folder } : {}),
  }
  const dirty = Object.keys(patch).length > 0
  const error = saver.error
  const folderName = (id: string | null) => (id ? (folders.data?.find((f) => f.id === id)?.name ?? id) : t('file.noFolder'))
  const options = [
    { value: NO_FOLDER, label: t('file.noFolder') },
    ...folderTree(folders.data ?? []).map((f) => ({ value: f.id, label: `${'— '.repeat(f.depth)}${f.name}` })),
  ]
  return (
    <form
      aria-labelledby="media-file-heading"
      onSubmit={(e) => {
        e.preventDefault()
        if (!dirty || trimmed === '') return
        setDone(false)
        saver.save(patch, () => setDone(true))
      }}
    >
      <Text component="h4" id="media-file-heading" className="media-subheading">
        {t('file.title')}
      </Text>
      <Stack gap="xs">
        <TextInput
          label={t('file.name')}
          value={name}
          onChange={(e) => (setName(e.currentTarget.value), setDone(false))}
          maxLength={255}
          required
          error={error?.fieldErrors.filename}
        />
        <Select
          label={t('file.folder')}
          data={options}
          value={folder}
          onChange={(v) => (setFolder(v ?? NO_FOLDER), setDone(false))}
          allowDeselect={false}
          error={error?.fieldErrors.folder_id}
        />
        <Group gap="xs">
          <Button size="compact-sm" type="submit" disabled={!dirty || trimmed === ''} loading={saver.pending}>
            {t('file.save')}
          </Button>
          <Text size="xs" role="status">
            {done && !dirty ? t('file.saved') : ''}
          </Text>
        </Group>
        {error && <ErrorNotice error={error} placed={['filename', 'folder_id']} />}
        {saver.conflict && (
          <ConflictNotice
            title={t('conflict.title')}
            theirs={[
              { label: t('file.name'), value: saver.conflict.current.filename },
              { label: t('file.folder'), value: folderName(saver.conflict.current.folder_id) },
            ]}
            busy={saver.pending}
            onTakeTheirs={() => {
              const theirs = saver.takeTheirs()
              if (!theirs) return
              setName(theirs.filename)
              setFolder(theirs.folder_id ?? NO_FOLDER)
            }}
            onKeepMine={() => saver.keepMine(() => setDone(true))}
          />
        )}
      </Stack>
    </form>
  )
}
