import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toFormError } from '../../../shared/logic/errors'
import { ConfirmModal } from '../../../shared/ui/ConfirmModal'
import { keepFocus } from '../../../shared/ui/focus'
import { createSection, deleteSection, type Locale, type Page, type Section } from '../api'
import { recordTag } from '@atrium-cms/client'
import { SectionCard } from './SectionCard'
import type { SectionQueues } from './usePageQueues'

export const SECTION_TYPES = ['hero', 'text', 'gallery', 'features', 'cta'] as const

interface Props {
  siteId: string
  pageId: string
  sections: SectionQueues[]
  locale: Locale
  defaultLocaleId: string
  pages: Page[]
  canEdit: boolean
  onAdd: (section: Section, etag: string | undefined) => SectionQueues
  onRemove: (id: string) => void
  onReorder: (ids: string[]) => void
  onSettingsValidity: (id: string, valid: boolean) => void
}

/** The page's sections: add by type, reorder by drag or by the move buttons (announced), edit each in place. */
export function SectionsEditor({ siteId, pageId, sections, locale, defaultLocaleId, pages, canEdit, onAdd, onRemove, onReorder, onSettingsValidity }: Props) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  const { t: te } = useTranslation('editor')
  const [announcement, setAnnouncement] = useState('')
  const [focusId, setFocusId] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (focusId === undefined) return
    const el = document.getElementById(focusId)
    if (el) {
      el.focus()
      setFocusId(undefined)
    }
  }, [focusId, sections])
  const [deleting, setDeleting] = useState<SectionQueues | undefined>(undefined)
  const [failure, setFailure] = useState<ReturnType<typeof toFormError> | undefined>(undefined)

  const nameOf = (s: SectionQueues | undefined): string => {
    if (!s) return ''
    const type = s.queue.getState().values.section_type
    const title = s.locs.get(defaultLocaleId)?.getState().values.title.trim() ?? ''
    return title === '' ? t('sectionUntitled', { type }) : t('sectionName', { title, type })
  }
  const byId = (id: string | number) => sections.find((s) => s.id === String(id))
  const ids = sections.map((s) => s.id)

  const move = (from: number, to: number) => {
    if (to < 0 || to >= sections.length || from === to) return
    const next = arrayMove(ids, from, to)
    keepFocus()
    onReorder(next)
    setAnnouncement(t('moved', { name: nameOf(sections[from]), position: to + 1, count: next.length }))
  }

  const remove = async () => {
    const d = deleting
    setDeleting(undefined)
    if (!d) return
    const name = nameOf(d)
    try {
      await deleteSection(d.id, d.queue.getState().etag ?? (await recordTag(d.latest.current)))
      onRemove(d.id)
      setAnnouncement(t('deleted', { name }))
    } catch (e) {
      setFailure(toFormError(e))
    }
  }
  const add = async (type: string) => {
    setFailure(undefined)
    try {
      const r = await createSection(pageId, type, sections.length)
      const entry = onAdd(r.data, r.etag)
      setAnnouncement(t('added', { name: nameOf(entry) }))
      // The new section's title takes the focus once rendered: writing it is the next step.
      setFocusId(`section-${r.data.id}-title`)
    } catch (e) {
      setFailure(toFormError(e))
    }
  }
  const cardProps = { siteId, locale, pages: pages.filter((p) => p.id !== pageId), canEdit }
  const { sensors, onDragEnd, announcements } = useSectionDnd(ids, (id) => nameOf(byId(id)), move, t)

  return (
    <Stack gap="sm" component="section" aria-labelledby="sections-heading">
      <Title order={2} size="h4" id="sections-heading">
        {t('sections')}
      </Title>
      <Text size="sm" c="dimmed" id="sections-help">
        {t('sectionsHelp')}
      </Text>
      <div role="status" aria-live="polite" className="sections-live" data-testid="sections-announcer">
        {announcement}
      </div>
      {failure && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(undefined)}>
          {te(failure.formMessageKey, failure.formMessageParams)}
          {failure.requestId && <Text size="xs">{te('requestId', { id: failure.requestId })}</Text>}
        </Alert>
      )}
      {sections.length === 0 ? (
        <Text>{t('noSections')}</Text>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('dragInstructions') } }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className="section-list" aria-label={t('sectionsList')} aria-describedby="sections-help">
              {sections.map((s, i) => (
                <SectionCard
                  key={s.id}
                  {...cardProps}
                  entry={s}
                  name={nameOf(s)}
                  canMoveUp={i > 0}
                  canMoveDown={i < sections.length - 1}
                  onMove={(d) => move(i, i + d)}
                  onDelete={() => setDeleting(s)}
                  onSettingsValidity={(valid) => onSettingsValidity(s.id, valid)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {canEdit && <AddSection onAdd={add} />}
      <ConfirmModal
        title={deleting ? t('delete', { name: nameOf(deleting) }) : ''}
        opened={deleting !== undefined}
        confirmLabel={t('confirm')}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => void remove()}
      >
        {deleting ? t('confirmDelete', { name: nameOf(deleting) }) : ''}
      </ConfirmModal>
    </Stack>
  )
}

function AddSection({ onAdd }: { onAdd: (type: string) => Promise<void> }) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  const [type, setType] = useState<string>('hero')
  const [custom, setCustom] = useState('')
  const [busy, setBusy] = useState(false)
  const chosen = type === 'custom' ? custom.trim() : type
  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      aria-labelledby="add-section-heading"
      onSubmit={(e) => {
        e.preventDefault()
        if (chosen === '') return
        setBusy(true)
        void onAdd(chosen).finally(() => setBusy(false))
      }}
    >
      <Title order={3} size="h6" id="add-section-heading" mb="xs">
        {t('addSection')}
      </Title>
      <Group align="flex-end">
        <NativeSelect
          label={t('sectionType')}
          value={type}
          onChange={(e) => setType(e.currentTarget.value)}
          data={[...SECTION_TYPES.map((s) => ({ value: s, label: t(`sectionTypes.${s}`) })), { value: 'custom', label: t('sectionTypes.custom') }]}
        />
        {type === 'custom' && <TextInput label={t('customType')} value={custom} onChange={(e) => setCustom(e.currentTarget.value)} required />}
        <Button type="submit" variant="default" loading={busy} disabled={chosen === ''}>
          {t('add')}
        </Button>
      </Group>
    </Paper>
  )
}

/** Drag with the pointer or the keyboard (dnd-kit's sensors), and what screen readers hear meanwhile. */
function useSectionDnd(
  ids: string[],
  nameOf: (id: string | number) => string,
  move: (from: number, to: number) => void,
  t: (key: string, vars?: Record<string, unknown>) => string,
) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = (e: DragEndEvent) => {
    if (e.over) move(ids.indexOf(String(e.active.id)), ids.indexOf(String(e.over.id)))
  }
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dragStart', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('dragOver', { name: nameOf(active.id), position: ids.indexOf(String(over.id)) + 1 }) : undefined),
    onDragEnd: ({ active }) => t('dragEnd', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('dragCancel', { name: nameOf(active.id) }),
  }
  return { sensors, onDragEnd, announcements }
}
