import { NativeSelect, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmModal } from '../../shared/ui/ConfirmModal'
import type { Category, Tag } from './api'

/** The term being merged: its kind, record, how many posts carry it and (categories) how many children it has. */
export type Merging = { kind: 'tag'; term: Tag; used: number } | { kind: 'category'; term: Category; used: number; children: number }

interface Props {
  merging: Merging | null
  /** The terms it may be merged into (same kind, without itself), labelled for the select (categories indented). */
  targets: Array<{ id: string; label: string; name: string }>
  busy: boolean
  error: unknown
  onMerge: (intoId: string) => void
  onClose: () => void
}

/**
 * "Merge into…" (POST /tags/{id}/merge, /categories/{id}/merge, Atrium extensions): choose the term to keep, read what
 * happens to the posts (and sub-categories), confirm. The server moves everything in one change and deletes the merged
 * term; a refusal shows in the dialog and the choice stays.
 */
export function MergeDialog({ merging, targets, busy, error, onMerge, onClose }: Props) {
  const { t } = useTranslation('taxonomy')
  const [intoId, setIntoId] = useState('')
  const [missing, setMissing] = useState(false)
  const termId = merging?.term.id
  useEffect(() => {
    setIntoId('')
    setMissing(false)
  }, [termId])
  if (!merging) return null
  const name = merging.term.name
  const target = targets.find((x) => x.id === intoId)
  const kind = merging.kind
  const confirm = () => {
    if (!target) return setMissing(true)
    onMerge(target.id)
  }
  return (
    <ConfirmModal opened title={t('merge.title', { name })} confirmLabel={t('merge.confirm')} busy={busy} error={error} onConfirm={confirm} onClose={onClose}>
      <Stack gap="xs">
        {targets.length === 0 ? (
          <Text size="sm">{t(kind === 'tag' ? 'merge.noTags' : 'merge.noCategories')}</Text>
        ) : (
          <NativeSelect
            label={t(kind === 'tag' ? 'merge.targetTag' : 'merge.targetCategory')}
            // Not `required`: the browser would block the submit with its own bubble instead of the message below.
            withAsterisk
            aria-required
            data-autofocus
            value={intoId}
            onChange={(e) => (setIntoId(e.currentTarget.value), setMissing(false))}
            error={missing ? t('merge.required') : undefined}
            data={[{ value: '', label: t('merge.choose') }, ...targets.map((x) => ({ value: x.id, label: x.label }))]}
          />
        )}
        <Text size="sm">{merging.used > 0 ? t(kind === 'tag' ? 'merge.tagPosts' : 'merge.categoryPosts', { count: merging.used }) : t('merge.notUsed')}</Text>
        {merging.kind === 'category' && merging.children > 0 && <Text size="sm">{t('merge.children', { count: merging.children })}</Text>}
        <Text size="sm">{t('merge.deleted', { name })}</Text>
        {target && (
          <Text size="sm" fw={600} role="status">
            {t('merge.summary', { name, target: target.name })}
          </Text>
        )}
      </Stack>
    </ConfirmModal>
  )
}
