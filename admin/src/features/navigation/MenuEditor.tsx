import type { Schemas } from '@atrium-cms/client'
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { useQueueState } from '../../shared/editor/useQueueState'
import { deepEqual } from '../../shared/logic/equal'
import { toFormError } from '../../shared/logic/errors'
import { ConfirmModal } from '../../shared/ui/ConfirmModal'
import { keepFocus } from '../../shared/ui/focus'
import { createSaveQueue } from '../../shared/logic/saveQueue'
import { navQueries, reorderItems, useItemMutations, type ItemValues, type Menu, type NavItem } from './api'
import { emptyItem, ItemFields, validateItem } from './ItemForm'
import { ItemEditModal } from './ItemEditModal'
import { allowedMoves, applyMove, buildTree, dropOn, findNode, flatten, positionOf, toReorder, type FlatRow, type Move, type Tree } from './tree'

type NavTree = Tree<NavItem>
const MOVES: Move[] = ['up', 'down', 'indent', 'outdent']
const GLYPH: Record<Move, string> = { up: '↑', down: '↓', indent: '→', outdent: '←' }

/** The reorder queue: every change of the tree is sent whole (all or nothing), one request at a time, the latest winning. */
function useReorderQueue(menuId: string, initial: NavTree) {
  const [queue] = useState(() =>
    createSaveQueue<NavTree>({
      initialValues: initial,
      etag: undefined,
      debounceMs: 400,
      isEqual: (a, b) => deepEqual(toReorder(a), toReorder(b)),
      save: async ({ values }) => {
        await reorderItems(menuId, toReorder(values))
        return { etag: undefined }
      },
    }),
  )
  useEffect(() => () => queue.dispose(), [queue])
  return queue
}

/** One menu's items as a tree: drag, or move by keyboard (up, down, indent, outdent), each move announced and saved. */
export function MenuEditor({
  siteId,
  menu,
  locales,
  defaultLocaleId,
  pages,
}: {
  siteId: string
  menu: Menu
  locales: Schemas['Locale'][]
  defaultLocaleId: string
  pages: Schemas['Page'][]
}) {
  const { t } = useTranslation('navigation')
  const items = useQuery(navQueries.items(siteId, menu.id))
  if (items.isError)
    return (
      <Alert color="red" role="alert" title={t('loadFailed')}>
        {items.error.message}
      </Alert>
    )
  if (!items.data) return <Text role="status">{t('common:loading')}</Text>
  return <LoadedMenu key={menu.id} siteId={siteId} menu={menu} items={items.data} locales={locales} defaultLocaleId={defaultLocaleId} pages={pages} />
}

function LoadedMenu({
  siteId,
  menu,
  items,
  locales,
  defaultLocaleId,
  pages,
}: {
  siteId: string
  menu: Menu
  items: NavItem[]
  locales: Schemas['Locale'][]
  defaultLocaleId: string
  pages: Schemas['Page'][]
}) {
  const { t } = useTranslation('navigation')
  // Each write refreshes the menu's items as it settles (shared/api/resource); the list below then shows them.
  const writes = useItemMutations(siteId, menu.id)
  const queue = useReorderQueue(menu.id, buildTree(items))
  const state = useQueueState(queue)
  const tree = state.values
  const [announcement, setAnnouncement] = useState('')
  const [editing, setEditing] = useState<NavItem | undefined>(undefined)
  const [deleting, setDeleting] = useState<NavItem | undefined>(undefined)

  // The server's list changed (an item added, edited or deleted): show it, unless a move waits to be saved.
  useEffect(() => {
    const s = queue.getState()
    if (!s.isDirty && s.status !== 'saving') queue.reset({ values: buildTree(items), etag: undefined })
  }, [items, queue])

  const rows = useMemo(() => flatten(tree), [tree])
  const titleOf = (id: string | null) => (id === null ? '' : (findNode(tree, id)?.item.title ?? ''))
  const commit = (next: NavTree, id: string) => {
    if (next === tree) return
    keepFocus()
    queue.edit(next)
    setAnnouncement(describeMove(next, id, t))
  }

  const remove = async () => {
    const d = deleting
    setDeleting(undefined)
    if (!d) return
    await queue.flush()
    await writes.remove(d.id)
    setAnnouncement(t('itemDeleted', { title: d.title }))
  }
  const { sensors, onDragEnd, announcements } = useTreeDnd(
    (id) => titleOf(id),
    (id, overId) => commit(dropOn(tree, id, overId), id),
    t,
  )

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('editing', { name: menu.name, slug: menu.slug })}
      </Title>
      <Text size="sm" c="dimmed" id="menu-tree-help">
        {t('treeHelp')}
      </Text>
      <div role="status" aria-live="polite" className="nav-live" data-testid="nav-announcer">
        {announcement}
      </div>
      <SaveError state={state} onRetry={() => void queue.retry()} onUndo={() => queue.reset({ values: state.savedValues, etag: undefined })} />
      {rows.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('dragInstructions') } }}
        >
          <SortableContext items={rows.map((r) => r.item.id)} strategy={verticalListSortingStrategy}>
            <ol className="ui-stack-list" aria-label={t('treeLabel')} aria-describedby="menu-tree-help">
              {rows.map((row) => (
                <TreeRow
                  key={row.item.id}
                  row={row}
                  allowed={allowedMoves(tree, row.item.id)}
                  pages={pages}
                  onMove={(m) => commit(applyMove(tree, row.item.id, m), row.item.id)}
                  onEdit={() => setEditing(row.item)}
                  onDelete={() => setDeleting(row.item)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <Text size="xs" c="dimmed" data-testid="order-status" data-status={state.status}>
        {state.status === 'saving' || state.status === 'pending' ? t('saving') : state.status === 'saved' ? t('saved') : ''}
      </Text>
      <AddItem
        pages={pages}
        defaultLocale={locales.find((l) => l.id === defaultLocaleId)?.code ?? ''}
        add={async (values) => {
          // A move still waiting is saved first: the list the add refreshes then holds it and the new item.
          await queue.flush()
          return writes.create(values, null, tree.length)
        }}
        onAdded={(item) => setAnnouncement(t('itemAdded', { title: item.title }))}
      />
      {editing && (
        <ItemEditModal
          siteId={siteId}
          item={editing}
          locales={locales}
          defaultLocaleId={defaultLocaleId}
          pages={pages}
          onClose={() => setEditing(undefined)}
          onSaved={() => setEditing(undefined)}
        />
      )}
      <ConfirmModal
        opened={deleting !== undefined}
        title={deleting ? t('delete', { title: deleting.title }) : ''}
        confirmLabel={t('confirm')}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => void remove()}
      >
        {deleting ? t('confirmDeleteItem', { title: deleting.title }) : ''}
      </ConfirmModal>
    </Stack>
  )
}

function TreeRow({
  row,
  allowed,
  pages,
  onMove,
  onEdit,
  onDelete,
}: {
  row: FlatRow<NavItem>
  allowed: Record<Move, boolean>
  pages: Schemas['Page'][]
  onMove: (m: Move) => void
  onEdit: () => void
  onDelete: () => void
}) {
  const { t } = useTranslation('navigation')
  const { item, depth } = row
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id })
  const target =
    item.link_type === 'page'
      ? (() => {
          const p = pages.find((x) => x.id === item.page_id)
          return p ? t('targets.page', { route: p.route }) : t('targets.missingPage')
        })()
      : (item.url ?? '')
  return (
    <li
      ref={setNodeRef}
      className="nav-row"
      data-depth={depth}
      data-item={item.title}
      data-dragging={isDragging || undefined}
      // dnd-kit moves rows with a transform while dragging (set through the DOM's style object, which CSP allows).
      style={{ transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined, transition }}
    >
      <Paper withBorder p="xs" className="nav-row-box">
        <Group gap="xs" justify="space-between">
          <Group gap="xs" wrap="nowrap">
            <button
              type="button"
              className="drag-handle"
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              aria-label={t('drag', { title: item.title })}
            >
              ⠿
            </button>
            <div>
              <Text fw={600} size="sm">
                {item.title}
                <span className="visually-hidden">, {t('level', { level: depth + 1 })}</span>
              </Text>
              <Text size="xs" c="dimmed">
                {t(`linkTypes.${item.link_type}`)}: {target}
                {item.open_in_new_tab ? ` · ${t('openInNewTab')}` : ''}
              </Text>
            </div>
          </Group>
          <Group gap={4} wrap="nowrap">
            {MOVES.map((m) => (
              <Button
                key={m}
                size="compact-sm"
                variant="default"
                // aria-disabled, not disabled: the focus stays on the button after the move that exhausted it.
                aria-disabled={!allowed[m]}
                data-disabled={!allowed[m] || undefined}
                aria-label={t(`moves.${m}`, { title: item.title })}
                title={t(`moves.${m}`, { title: item.title })}
                onClick={() => allowed[m] && onMove(m)}
              >
                {GLYPH[m]}
              </Button>
            ))}
            <Button size="compact-sm" variant="default" onClick={onEdit} aria-label={t('edit', { title: item.title })}>
              ✎
            </Button>
            <Button size="compact-sm" variant="default" color="red" onClick={onDelete} aria-label={t('delete', { title: item.title })}>
              ✕
            </Button>
          </Group>
        </Group>
      </Paper>
    </li>
  )
}

function AddItem({
  pages,
  defaultLocale,
  add,
  onAdded,
}: {
  pages: Schemas['Page'][]
  defaultLocale: string
  /** Adds the item last among the root items. */
  add: (values: ItemValues) => Promise<NavItem>
  onAdded: (item: NavItem) => void
}) {
  const { t } = useTranslation('navigation')
  const [values, setValues] = useState(emptyItem)
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<ReturnType<typeof toFormError> | undefined>(undefined)
  useUnsavedEdits(!deepEqual(values, emptyItem()))
  const submit = async () => {
    const found = validateItem(values)
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])))
    if (Object.keys(found).length > 0) {
      document.getElementById(`add-item-${Object.keys(found)[0] === 'page_id' ? 'page' : Object.keys(found)[0]}`)?.focus()
      return
    }
    setBusy(true)
    setFailure(undefined)
    try {
      const item = await add(values)
      setValues(emptyItem())
      onAdded(item)
      document.getElementById('add-item-title')?.focus()
    } catch (e) {
      const fe = toFormError(e)
      setFailure(fe)
      setErrors(fe.fieldErrors)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-item-heading">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <Title order={3} size="h5" id="add-item-heading" mb="sm">
          {t('addItem')}
        </Title>
        {failure && (
          <Alert color="red" role="alert" mb="sm">
            {t(`editor:${failure.formMessageKey}`, failure.formMessageParams)}
            {failure.requestId && <Text size="xs">{t('editor:requestId', { id: failure.requestId })}</Text>}
          </Alert>
        )}
        <ItemFields
          idPrefix="add-item"
          values={values}
          onChange={setValues}
          errors={errors}
          pages={pages}
          titleLabel={t('itemTitleDefault', { locale: defaultLocale })}
        />
        <Button type="submit" mt="sm" loading={busy}>
          {t('add')}
        </Button>
      </form>
    </Paper>
  )
}

/** Drag with the pointer or the keyboard (dnd-kit's sensors), and what screen readers hear meanwhile. */
function useTreeDnd(titleOf: (id: string) => string, drop: (id: string, overId: string) => void, t: (key: string, vars?: Record<string, unknown>) => string) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = (e: DragEndEvent) => {
    if (e.over) drop(String(e.active.id), String(e.over.id))
  }
  const nameOf = (id: string | number) => titleOf(String(id))
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dragStart', { title: nameOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('dragOver', { title: nameOf(active.id), over: nameOf(over.id) }) : undefined),
    onDragEnd: ({ active }) => t('dragEnd', { title: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('dragCancel', { title: nameOf(active.id) }),
  }
  return { sensors, onDragEnd, announcements }
}

function SaveError({ state, onRetry, onUndo }: { state: { status: string; error: unknown }; onRetry: () => void; onUndo: () => void }) {
  const { t } = useTranslation('navigation')
  if (state.status !== 'error') return null
  const fe = toFormError(state.error)
  return (
    <Alert color="red" role="alert" title={t('saveFailed')}>
      <Text size="sm">{t(`editor:${fe.formMessageKey}`, fe.formMessageParams)}</Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={onRetry}>
          {t('retry')}
        </Button>
        <Button size="xs" variant="default" onClick={onUndo}>
          {t('undoMoves')}
        </Button>
      </Group>
    </Alert>
  )
}

/** What a screen reader hears after a move: where the item is now. */
function describeMove(tree: NavTree, id: string, t: (key: string, vars?: Record<string, unknown>) => string): string {
  const p = positionOf(tree, id)
  if (!p) return ''
  const vars = { title: findNode(tree, id)?.item.title ?? '', position: p.index + 1, count: p.count }
  const parent = p.parentId === null ? undefined : findNode(tree, p.parentId)?.item.title
  return parent === undefined ? t('movedRoot', vars) : t('movedUnder', { ...vars, parent })
}
