import { useSortable } from '@dnd-kit/sortable'
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core'
import { useContext } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorLine, fieldErrorsOf } from '../../../shared/editor/EditorParts'
import { ImagePickerContext } from '../../../shared/editor/ImagePicker'
import { MarkdownField } from '../../../shared/editor/MarkdownField'
import { useQueueState } from '../../../shared/editor/useQueueState'
import type { Locale, Page } from '../api'
import { SettingsField } from './SettingsField'
import type { SectionQueues } from './usePageQueues'

/** One section: its handle and moves, its texts in the chosen locale, and its cover, call to action and settings. */
export function SectionCard({
  siteId,
  entry,
  name,
  locale,
  pages,
  canMoveUp,
  canMoveDown,
  canEdit,
  onMove,
  onDelete,
  onSettingsValidity,
}: {
  siteId: string
  entry: SectionQueues
  name: string
  locale: Locale
  pages: Page[]
  canMoveUp: boolean
  canMoveDown: boolean
  canEdit: boolean
  onMove: (delta: -1 | 1) => void
  onDelete: () => void
  onSettingsValidity: (valid: boolean) => void
}) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: entry.id })
  const section = useQueueState(entry.queue)
  const loc = useQueueState(entry.locs.get(locale.id)!)
  return (
    <li
      ref={setNodeRef}
      className="section-item"
      data-section={entry.id}
      data-dragging={isDragging || undefined}
      // dnd-kit moves the card with a transform while dragging (the DOM's style object, which CSP allows).
      style={{ transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined, transition }}
    >
      <Paper withBorder p="sm" component="article" aria-label={name}>
        <Group justify="space-between" wrap="nowrap" mb="xs">
          <Group gap="xs" wrap="nowrap">
            <button type="button" className="drag-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t('drag', { name })}>
              ⠿
            </button>
            <Text fw={600} component="h3" size="sm">
              {name}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="default"
              aria-disabled={!canMoveUp}
              data-disabled={!canMoveUp || undefined}
              aria-label={t('moveUp', { name })}
              onClick={() => canMoveUp && onMove(-1)}
            >
              ↑
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              aria-disabled={!canMoveDown}
              data-disabled={!canMoveDown || undefined}
              aria-label={t('moveDown', { name })}
              onClick={() => canMoveDown && onMove(1)}
            >
              ↓
            </Button>
            {canEdit && (
              <Button size="compact-sm" variant="default" color="red" aria-label={t('delete', { name })} onClick={onDelete}>
                ✕
              </Button>
            )}
          </Group>
        </Group>
        <ErrorLine state={section} />
        <ErrorLine state={loc} />
        <SectionFields siteId={siteId} entry={entry} locale={locale} pages={pages} onSettingsValidity={onSettingsValidity} />
      </Paper>
    </li>
  )
}

/** The section's texts in one locale, and its cover, call to action and settings. */
function SectionFields({
  siteId,
  entry,
  locale,
  pages,
  onSettingsValidity,
}: {
  siteId: string
  entry: SectionQueues
  locale: Locale
  pages: Page[]
  onSettingsValidity: (valid: boolean) => void
}) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  // The media picker, which the route provides (routes/page-editor.tsx): features never import each other.
  const Picker = useContext(ImagePickerContext)
  const section = useQueueState(entry.queue)
  const locQueue = entry.locs.get(locale.id)!
  const loc = useQueueState(locQueue)
  const v = section.values
  const sectionErrors = fieldErrorsOf(section)
  const locErrors = fieldErrorsOf(loc)
  const setSection = (patch: Partial<typeof v>) => entry.queue.edit({ ...entry.queue.getState().values, ...patch })
  const setLoc = (patch: Partial<typeof loc.values>) => locQueue.edit({ ...locQueue.getState().values, ...patch })
  const ctaKnown = v.call_to_action_route === '' || pages.some((p) => p.route === v.call_to_action_route)
  const base = `section-${entry.id}`
  return (
    <div className="section-fields">
      <Stack gap="sm" lang={locale.code}>
        <TextInput
          id={`${base}-title`}
          label={`${t('fields.title')} (${locale.code})`}
          value={loc.values.title}
          onChange={(e) => setLoc({ title: e.currentTarget.value })}
          error={locErrors.title}
        />
        <MarkdownField
          id={`${base}-text`}
          label={`${t('fields.text')} (${locale.code})`}
          value={loc.values.text}
          onChange={(text) => setLoc({ text })}
          error={locErrors.text}
          localeId={locale.id}
        />
        <TextInput
          id={`${base}-button`}
          label={`${t('fields.button_text')} (${locale.code})`}
          value={loc.values.button_text}
          onChange={(e) => setLoc({ button_text: e.currentTarget.value })}
          error={locErrors.button_text}
        />
      </Stack>
      <Stack gap="sm">
        {Picker && (
          <div>
            <Picker
              siteId={siteId}
              value={v.cover_image_id}
              onChange={(cover_image_id) => setSection({ cover_image_id })}
              label={t('fields.cover_image_id')}
              accept="image"
            />
            {sectionErrors.cover_image_id && (
              <Text c="var(--mantine-color-red-text)" size="sm">
                {sectionErrors.cover_image_id}
              </Text>
            )}
          </div>
        )}
        <NativeSelect
          id={`${base}-cta`}
          label={t('fields.call_to_action_route')}
          value={v.call_to_action_route}
          onChange={(e) => setSection({ call_to_action_route: e.currentTarget.value })}
          error={sectionErrors.call_to_action_route}
          data={[
            { value: '', label: t('ctaNone') },
            ...(ctaKnown ? [] : [{ value: v.call_to_action_route, label: v.call_to_action_route }]),
            ...pages.map((p) => ({ value: p.route, label: p.route })),
          ]}
        />
        <SettingsField
          id={`${base}-settings`}
          label={t('fields.settings')}
          value={v.settings}
          onChange={(settings) => setSection({ settings })}
          onValidity={onSettingsValidity}
        />
      </Stack>
    </div>
  )
}
