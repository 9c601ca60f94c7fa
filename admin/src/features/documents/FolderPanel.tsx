import type { Schemas } from '@atrium-cms/client'
import { ActionIcon, Button, Group, Select, Stack, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isSaveConflict, SaveConflict, type Held } from '../../shared/editor/SaveConflict'
import { DeleteDialog, useConfirmDelete } from '../../shared/ui/crud'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { fieldErrorsOf, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { useDeleteFolder, useSaveFolder } from './api'
import { treeOrder } from './tree'

type Folder = Schemas['DocumentFolder']
interface FolderValues {
  name: string
  parent: string
}
const folderValuesOf = (f: Folder): FolderValues => ({ name: f.name, parent: f.parent_id ?? '' })

interface Props {
  siteId: string
  folders: Folder[]
  current: string | undefined
  onOpen: (folderId: string | undefined) => void
}

/** The folder tree: open one, create one (inside another), rename or delete the open one. */
export function FolderPanel({ siteId, folders, current, onOpen }: Props) {
  const { t } = useTranslation('documents')
  const ordered = treeOrder(folders)
  const open = folders.find((f) => f.id === current)
  // `held`: the folder as the form loaded it (its If-Match), then theirs after a conflict the editor settled.
  const [editing, setEditing] = useState<(FolderValues & { id?: string; held?: Held<Folder> }) | null>(null)
  const save = useSaveFolder(siteId)
  const remove = useConfirmDelete(
    useDeleteFolder(siteId),
    (f: Folder) => f.id,
    () => onOpen(undefined),
  )
  const errors = fieldErrorsOf(save.error, ['name', 'parent_id'])
  // A new folder's name typed, or the open one's changed: leaving, or Cancel, asks first.
  const start = editing?.id !== undefined && open ? folderValuesOf(open) : { name: '', parent: current ?? '' }
  const cancel = useUnsavedEdits(editing !== null && (editing.name !== start.name || editing.parent !== start.parent), () => setEditing(null))

  const submit = (e: typeof editing = editing) => {
    if (!e) return
    save.mutate(
      { ...(e.held ? { held: e.held } : {}), body: { name: e.name.trim(), parent_id: e.parent === '' ? null : e.parent } },
      {
        onSuccess: (folder) => {
          setEditing(null)
          onOpen(folder.id)
        },
      },
    )
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="documents-folders">
      <Title order={2} size="h4" id="documents-folders">
        {t('folders')}
      </Title>
      <nav aria-labelledby="documents-folders">
        <ul className="documents-folders">
          <li>
            <button type="button" className="documents-folder" aria-current={current === undefined} onClick={() => onOpen(undefined)}>
              {t('allDocuments')}
            </button>
          </li>
          {ordered.map((f) => (
            <li key={f.id}>
              <button
                type="button"
                className="documents-folder"
                aria-current={current === f.id}
                style={{ paddingInlineStart: `${8 + f.depth * 16}px` }}
                onClick={() => onOpen(f.id)}
              >
                {f.name}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => setEditing({ name: '', parent: current ?? '' })}>
          {t('newFolder')}
        </Button>
        {open && (
          <>
            <ActionIcon
              variant="default"
              aria-label={t('renameFolder', { name: open.name })}
              onClick={() => setEditing({ id: open.id, ...folderValuesOf(open), held: { record: open } })}
            >
              ✎
            </ActionIcon>
            <ActionIcon variant="default" color="red" aria-label={t('deleteFolder', { name: open.name })} onClick={() => remove.ask(open)}>
              ×
            </ActionIcon>
          </>
        )}
      </Group>
      {editing && (
        <form
          aria-label={editing.id ? t('renameFolder', { name: open?.name ?? '' }) : t('newFolder')}
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <Stack gap="xs">
            <TextInput
              label={t('folderName')}
              required
              value={editing.name}
              onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })}
              error={errors.name}
              data-autofocus
              autoFocus
            />
            <Select
              label={t('parentFolder')}
              data={[
                { value: '', label: t('noParent') },
                ...ordered.filter((f) => f.id !== editing.id).map((f) => ({ value: f.id, label: `${'· '.repeat(f.depth)}${f.name}` })),
              ]}
              value={editing.parent}
              onChange={(v) => setEditing({ ...editing, parent: v ?? '' })}
              allowDeselect={false}
              error={errors.parent_id}
            />
            {editing.held && isSaveConflict(save.error) ? (
              <SaveConflict<FolderValues, Folder>
                error={save.error}
                title={t('conflictFolder')}
                base={folderValuesOf(editing.held.record)}
                mine={{ name: editing.name, parent: editing.parent }}
                valuesOf={folderValuesOf}
                label={(f) => (f === 'name' ? t('folderName') : t('parentFolder'))}
                onResolve={(merged, theirs) => {
                  const next = { ...editing, ...merged, held: theirs }
                  setEditing(next)
                  submit(next)
                }}
                onTakeTheirs={(values, theirs) => {
                  save.reset()
                  setEditing({ ...editing, ...values, held: theirs })
                }}
              />
            ) : (
              <ProblemAlert error={save.error} fieldOrder={['name', 'parent_id']} />
            )}
            <Group gap="xs">
              <Button type="submit" size="xs" loading={save.isPending}>
                {t('save')}
              </Button>
              <Button size="xs" variant="default" onClick={cancel}>
                {t('cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {remove.target && (
        <DeleteDialog {...remove.dialog} title={t('deleteFolder', { name: remove.target.name })} confirmLabel={t('delete')} cannotUndoNote={false}>
          {t('deleteFolderText')}
        </DeleteDialog>
      )}
    </Stack>
  )
}
