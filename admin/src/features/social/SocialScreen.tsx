import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSiteAccess } from '../../shared/api/useSiteAccess'
import { DeleteDialog, ScreenStatus, useRecordActions } from '../../shared/ui/crud'
import { DataTable, editDeleteActions, RowActionIcons } from '../../shared/ui/DataTable'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import '../../shared/ui/lists.css'
import { social, type SocialLink } from './api'
import { moveItem, reorderBody } from './order'
import { SocialForm } from './SocialForm'

const nameOf = (l: SocialLink) => l.label ?? l.platform

/**
 * The site's social links in display order. Reorder by dragging a handle, by keyboard on the handle (dnd-kit's
 * keyboard sensor, moves announced in its live region) or with Move up / Move down (announced in ours); every
 * change is saved at once through the API's reorder, optimistically.
 */
export function SocialScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('social')
  const list = useQuery(social.list(siteId))
  const access = useSiteAccess(siteId)
  const m = social.useMutations(siteId)
  const ui = useRecordActions(social.get)
  const links = list.data ?? []
  const { editing, deleting } = ui
  const save = (next: SocialLink[], said = '') => {
    ui.setNotice(said)
    m.reorder.mutate({ rows: next, body: reorderBody(next) }, { onSuccess: () => ui.setNotice(`${said ? `${said} ` : ''}${t('orderSaved')}`) })
  }

  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={t('title')}>
        {access.canWrite && <Button onClick={ui.openNew}>{t('new')}</Button>}
      </ScreenHeader>
      {access.canWrite && <Text size="sm">{t('intro')}</Text>}
      <ScreenStatus notice={ui.notice} loadError={ui.loadError} />
      {m.reorder.isError && (
        <ProblemAlert error={m.reorder.error}>
          <Text size="sm">{t('orderFailed')}</Text>
        </ProblemAlert>
      )}
      {links.length > 0 ? (
        <SortableLinks
          links={links}
          canWrite={access.canWrite}
          canDelete={access.canEditorDelete}
          onOrder={save}
          onEdit={(l) => void ui.openEdit(l.id)}
          onDelete={ui.setDeleting}
        />
      ) : (
        // Loading, failed or empty: the table's states (the links themselves are a sortable list).
        <DataTable
          label={t('listLabel')}
          rows={list.data && []}
          rowKey={(l: SocialLink) => l.id}
          columns={[]}
          empty={t('empty')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      {editing && (
        <SocialForm
          record={editing.record}
          etag={editing.etag}
          onClose={() => ui.setEditing(null)}
          onSave={(v, etag) => m.save(editing.record, v, etag)}
          onSaved={(r) => (ui.setEditing(null), ui.setNotice(t('saved', { name: nameOf(r) })))}
        />
      )}
      <DeleteDialog
        opened={deleting !== null}
        title={deleting ? t('deleteTitle', { name: nameOf(deleting) }) : ''}
        confirmLabel={t('deleteConfirm')}
        mutation={m.remove}
        onConfirm={() =>
          deleting && m.remove.mutate(deleting.id, { onSuccess: () => (ui.setDeleting(null), ui.setNotice(t('deleted', { name: nameOf(deleting) }))) })
        }
        onClose={() => ui.setDeleting(null)}
      >
        {deleting ? t('deleteText', { url: deleting.url }) : ''}
      </DeleteDialog>
    </Stack>
  )
}

interface ListProps {
  links: SocialLink[]
  canWrite: boolean
  canDelete: boolean
  /** A new order, and what to announce for it (button moves; dnd-kit announces its own). */
  onOrder: (next: SocialLink[], said?: string) => void
  onEdit: (l: SocialLink) => void
  onDelete: (l: SocialLink) => void
}

function SortableLinks({ links, canWrite, canDelete, onOrder, onEdit, onDelete }: ListProps) {
  const { t } = useTranslation('social')
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const position = (id: unknown) => links.findIndex((l) => l.id === id) + 1
  const name = (id: unknown) => {
    const l = links.find((x) => x.id === id)
    return l ? nameOf(l) : ''
  }
  const total = links.length
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('announce.pickedUp', { name: name(active.id), position: position(active.id), total }),
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id ? t('announce.movedTo', { name: name(active.id), position: position(over.id), total }) : undefined,
    onDragEnd: ({ active, over }) => (over ? t('announce.dropped', { name: name(active.id), position: position(over.id), total }) : undefined),
    onDragCancel: ({ active }) => t('announce.cancelled', { name: name(active.id), position: position(active.id) }),
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onOrder(moveItem(links, position(active.id) - 1, position(over.id) - 1))
  }
  const moveBy = (l: SocialLink, delta: number) => {
    const from = links.indexOf(l)
    const to = from + delta
    if (to >= 0 && to < total) onOrder(moveItem(links, from, to), t('announce.movedTo', { name: nameOf(l), position: to + 1, total }))
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('instructions') } }}
    >
      <SortableContext items={links.map((l) => l.id)} strategy={verticalListSortingStrategy}>
        <ol className="ui-stack-list ui-narrow" aria-label={t('listLabel')}>
          {links.map((l, i) => (
            <SortableLink
              key={l.id}
              link={l}
              first={i === 0}
              last={i === total - 1}
              canWrite={canWrite}
              canDelete={canDelete}
              onUp={() => moveBy(l, -1)}
              onDown={() => moveBy(l, 1)}
              onEdit={() => onEdit(l)}
              onDelete={() => onDelete(l)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

interface ItemProps {
  link: SocialLink
  first: boolean
  last: boolean
  canWrite: boolean
  canDelete: boolean
  onUp: () => void
  onDown: () => void
  onEdit: () => void
  onDelete: () => void
}

function SortableLink({ link, first, last, canWrite, canDelete, onUp, onDown, onEdit, onDelete }: ItemProps) {
  const { t } = useTranslation('social')
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: link.id, disabled: !canWrite })
  const name = nameOf(link)
  return (
    <li ref={setNodeRef} className="social-item" data-dragging={isDragging || undefined} style={{ transform: CSS.Transform.toString(transform), transition }}>
      {canWrite && (
        <button type="button" className="social-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t('handle', { name })}>
          <span aria-hidden="true">⠿</span>
        </button>
      )}
      <div className="social-text">
        <span className="social-name">{name}</span>
        <span className="social-meta">
          {link.platform} · {link.url}
          {!link.is_active && ` · ${t('inactive')}`}
        </span>
      </div>
      <Group gap={4} wrap="nowrap">
        {canWrite && (
          <>
            <Button size="compact-sm" variant="default" aria-label={t('moveUp', { name })} disabled={first} onClick={onUp}>
              {t('up')}
            </Button>
            <Button size="compact-sm" variant="default" aria-label={t('moveDown', { name })} disabled={last} onClick={onDown}>
              {t('down')}
            </Button>
          </>
        )}
        <RowActionIcons
          row={link}
          actions={editDeleteActions<SocialLink>({
            onEdit: canWrite ? onEdit : undefined,
            editName: () => t('edit', { name }),
            onDelete: canDelete ? onDelete : undefined,
            deleteName: () => t('delete', { name }),
          })}
        />
      </Group>
    </li>
  )
}
