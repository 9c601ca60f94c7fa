import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { useSiteAccess } from '../../shared/api/useSiteAccess'
import { ConfirmModal } from '../../shared/ui/ConfirmModal'
import { PageTitle } from '../../shared/ui/PageTitle'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { getSocial, socialQueries, useSocialMutations, type SocialLink } from './api'
import { moveItem } from './order'
import { SocialForm } from './SocialForm'

const nameOf = (l: SocialLink) => l.label ?? l.platform

/**
 * The site's social links in display order. Reorder by dragging a handle, by keyboard on the handle (dnd-kit's
 * keyboard sensor, moves announced in its live region) or with Move up / Move down (announced in ours); every
 * change is saved at once through the API's reorder, optimistically.
 */
export function SocialScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('social')
  const site = useQuery(sharedQueries.site(siteId))
  const list = useQuery(socialQueries.list(siteId))
  const access = useSiteAccess(siteId)
  const m = useSocialMutations(siteId)
  const [editing, setEditing] = useState<{ record?: SocialLink; etag?: string } | null>(null)
  const [deleting, setDeleting] = useState<SocialLink | null>(null)
  const [notice, setNotice] = useState('')
  const [loadError, setLoadError] = useState<unknown>(null)
  const links = list.data ?? []
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))

  const position = (id: unknown) => links.findIndex((l) => l.id === id) + 1
  const linkName = (id: unknown) => {
    const l = links.find((x) => x.id === id)
    return l ? nameOf(l) : ''
  }
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('announce.pickedUp', { name: linkName(active.id), position: position(active.id), total: links.length }),
    onDragOver: ({ active, over }) => (over ? t('announce.movedTo', { name: linkName(active.id), position: position(over.id), total: links.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('announce.dropped', { name: linkName(active.id), position: position(over.id), total: links.length }) : undefined),
    onDragCancel: ({ active }) => t('announce.cancelled', { name: linkName(active.id), position: position(active.id) }),
  }

  const save = (next: SocialLink[], said?: string) => {
    setNotice(said ?? '')
    m.reorder.mutate(next, { onSuccess: () => setNotice(`${said ? `${said} ` : ''}${t('orderSaved')}`) })
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    save(moveItem(links, position(active.id) - 1, position(over.id) - 1))
  }
  const moveBy = (l: SocialLink, delta: number) => {
    const from = links.indexOf(l)
    const to = from + delta
    if (to < 0 || to >= links.length) return
    save(moveItem(links, from, to), t('announce.movedTo', { name: nameOf(l), position: to + 1, total: links.length }))
  }
  const openEdit = async (l: SocialLink) => {
    setLoadError(null)
    try {
      const got = await getSocial(l.id)
      setEditing({ record: got.data, etag: got.etag })
    } catch (e) {
      setLoadError(e)
    }
  }
  const title = t('title')

  return (
    <Stack gap="md">
      <div className="ui-screen-header">
        <PageTitle documentTitle={`${title}${site.data ? ` · ${site.data.name}` : ''}`}>{title}</PageTitle>
        {access.canWrite && <Button onClick={() => (setNotice(''), setEditing({}))}>{t('new')}</Button>}
      </div>
      {access.canWrite && <Text size="sm">{t('intro')}</Text>}
      <Text role="status" aria-live="polite" size="sm" data-testid="social-status">
        {notice}
      </Text>
      {loadError !== null && <ProblemAlert error={loadError} />}
      {m.reorder.isError && (
        <ProblemAlert error={m.reorder.error}>
          <Text size="sm">{t('orderFailed')}</Text>
        </ProblemAlert>
      )}
      {list.isError ? (
        <ProblemAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Text role="status">{t('common:loading')}</Text>
      ) : links.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('instructions') } }}>
          <SortableContext items={links.map((l) => l.id)} strategy={verticalListSortingStrategy}>
            <ol className="social-list" aria-label={t('listLabel')}>
              {links.map((l, i) => (
                <SortableLink
                  key={l.id}
                  link={l}
                  first={i === 0}
                  last={i === links.length - 1}
                  canWrite={access.canWrite}
                  canDelete={access.canEditorDelete}
                  onUp={() => moveBy(l, -1)}
                  onDown={() => moveBy(l, 1)}
                  onEdit={() => void openEdit(l)}
                  onDelete={() => setDeleting(l)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}

      {editing && (
        <SocialForm
          record={editing.record}
          etag={editing.etag}
          onClose={() => setEditing(null)}
          onSave={(v, etag) => (editing.record ? m.update.mutateAsync({ id: editing.record.id, v, etag }) : m.create.mutateAsync(v))}
          onSaved={(r) => (setEditing(null), setNotice(t('saved', { name: nameOf(r) })))}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={deleting ? t('deleteTitle', { name: nameOf(deleting) }) : ''}
        confirmLabel={t('deleteConfirm')}
        busy={m.remove.isPending}
        onConfirm={() => {
          if (!deleting) return
          const gone = deleting
          m.remove.mutate(gone.id, { onSuccess: () => (setDeleting(null), setNotice(t('deleted', { name: nameOf(gone) }))) })
        }}
        onClose={() => (m.remove.reset(), setDeleting(null))}
      >
        <Stack gap="xs">
          <Text size="sm">{deleting ? t('deleteText', { url: deleting.url }) : ''}</Text>
          {m.remove.isError && <ProblemAlert error={m.remove.error} />}
        </Stack>
      </ConfirmModal>
    </Stack>
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
            <Button size="compact-sm" variant="default" aria-label={t('edit', { name })} onClick={onEdit}>
              {t('editButton')}
            </Button>
          </>
        )}
        {canDelete && (
          <Tooltip label={t('delete', { name })}>
            <ActionIcon variant="default" aria-label={t('delete', { name })} onClick={onDelete}>
              <span aria-hidden="true">✕</span>
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </li>
  )
}
