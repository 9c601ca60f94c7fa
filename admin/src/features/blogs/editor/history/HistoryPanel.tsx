import { Alert, Button, Checkbox, Drawer, Group, Loader, Stack, Text } from '@mantine/core'
import { useQueries, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../../../shared/api/queries'
import { formatDateTime } from '../../../../shared/i18n/format'
import { groupHistory, REVERTIBLE_ENTITY_TYPES, type HistoryChange, type HistoryRow } from '../../../../shared/logic/historyDiff'
import type { Locale } from '../api'
import type { BlogQueues } from '../useBlogQueues'
import { apiKeyNameQuery, fetchDetail, historyQuery } from './api'
import { DiffText } from './DiffText'
import { ProblemAlert } from './ProblemAlert'
import './messages'
import { actorOf, canRevert, canUseRevertEndpoint, shortId } from './revertPlan'
import { RESTORABLE, useHistoryRevert } from './useHistoryRevert'

interface Props {
  siteId: string
  blogId: string
  locales: Locale[]
  queues: BlogQueues
  saveAll: () => Promise<{ status: string }[]>
  canEdit: boolean
}

/** "History" in the editor's header: a drawer with the post's changes, field by field, and revert of the chosen ones. */
export function HistoryButton(props: Props) {
  const { t } = useTranslation('blogHistory')
  const [opened, setOpened] = useState(false)
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('open')}
      </Button>
      <Drawer opened={opened} onClose={() => setOpened(false)} title={t('title')} position="right" size="lg" lockScroll={false} closeButtonProps={{ 'aria-label': t('close') }}>
        {opened && <HistoryList {...props} />}
      </Drawer>
    </>
  )
}

/** Who made a change, by name when the caller may read it. */
export function ActorName({ change }: { change: { changedBy: string | null; apiKeyId: string | null } }) {
  const { t } = useTranslation('blogHistory')
  const actor = actorOf(change)
  const keyName = useQuery({ ...apiKeyNameQuery(actor.kind === 'apiKey' ? actor.id : ''), enabled: actor.kind === 'apiKey' })
  if (actor.kind === 'system') return <>{t('by.system')}</>
  if (actor.kind === 'user') return <>{t('by.user', { id: shortId(actor.id) })}</>
  return <>{keyName.data ? t('by.apiKey', { name: keyName.data }) : t('by.apiKeyId', { id: shortId(actor.id) })}</>
}

function HistoryList({ siteId, blogId, locales, queues, saveAll, canEdit }: Props) {
  const { t } = useTranslation('blogHistory')
  const { t: tb } = useTranslation('blogs', { keyPrefix: 'editor' })
  const me = useQuery(sharedQueries.me())
  // The post's localizations as they are now (one may have been created since the editor opened).
  const detail = useQuery({ queryKey: ['site', siteId, 'history', 'detail', blogId], queryFn: () => fetchDetail(blogId) })
  const localizations = useMemo(() => detail.data?.data.localizations ?? [], [detail.data])
  const entities = useMemo(() => [{ type: 'blog', id: blogId }, ...localizations.map((l) => ({ type: 'blog_localization', id: l.id }))], [blogId, localizations])
  const results = useQueries({ queries: entities.map((e) => historyQuery(siteId, e.type, e.id)) })
  // An entity with no history at all answers 404: that is "no changes", not a failure.
  const failed = detail.error ?? results.find((r) => r.error && (r.error as { status?: number }).status !== 404)?.error
  const loading = detail.isPending || results.some((r) => r.isPending && r.fetchStatus !== 'idle')
  const entries = results.flatMap((r) => r.data ?? [])
  const changes = useMemo(() => groupHistory(entries), [JSON.stringify(entries.map((e) => e.id))])
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [confirming, setConfirming] = useState(false)
  const { revert, busy, error, done, blocked } = useHistoryRevert(siteId, blogId, queues, saveAll)
  const admin = canUseRevertEndpoint(me.data, siteId)
  const localeOf = (entityId: string) => locales.find((l) => l.id === localizations.find((x) => x.id === entityId)?.locale_id)
  const allowed = (c: HistoryChange) => canEdit && canRevert(c, RESTORABLE) && (!REVERTIBLE_ENTITY_TYPES.has(c.entityType) || admin)
  const picked = changes.filter((c) => chosen.has(c.key))

  if (failed) return <ProblemAlert error={failed} fallbackTitle={t('loadFailed')} />
  if (loading) return <Loader aria-label={t('loading')} />
  return (
    <Stack gap="sm" data-testid="history-panel">
      {changes.length === 0 && <Text>{t('empty')}</Text>}
      {error !== undefined && <ProblemAlert error={error} fallbackTitle={t('failed')} />}
      {blocked && <Alert color="orange" role="alert">{t('saveFirst')}</Alert>}
      {done && (
        <Text role="status" size="sm">
          {t('reverted', { fields: done.map((f) => tb(`fields.${f}`, { defaultValue: f })).join(', ') })}
        </Text>
      )}
      {changes.length > 0 && (
        <Group gap="xs" className="history-actions">
          <Button disabled={picked.length === 0 || busy} onClick={() => setConfirming(true)}>
            {t('revertChosen', { count: picked.length })}
          </Button>
          {!admin && <Text size="xs" c="dimmed">{t('adminOnly')}</Text>}
        </Group>
      )}
      {confirming && (
        <ConfirmRevert
          count={picked.length}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            void revert(picked).then((ok) => {
              setConfirming(false)
              if (ok) setChosen(new Set())
            })
          }
        />
      )}
      <ol className="history-list" aria-label={t('title')}>
        {changes.map((c) => {
          const locale = c.entityType === 'blog_localization' ? localeOf(c.entityId) : undefined
          return (
            <ChangeItem
              key={c.key}
              change={c}
              localeName={locale?.name}
              can={allowed(c)}
              busy={busy}
              chosen={chosen.has(c.key)}
              onChoose={(on) =>
                setChosen((s) => {
                  const n = new Set(s)
                  if (on) n.add(c.key)
                  else n.delete(c.key)
                  return n
                })
              }
            />
          )
        })}
      </ol>
    </Stack>
  )
}

function FieldRow({ row, label }: { row: HistoryRow; label: string }) {
  const { t } = useTranslation('blogHistory')
  const show = (v: unknown) => (v === null || v === undefined || v === '' ? t('empty_value') : typeof v === 'string' ? v : JSON.stringify(v))
  return (
    <div className="history-field" data-field={row.field}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {row.kind === 'text' && row.parts ? (
        <DiffText parts={row.parts} />
      ) : row.kind === 'set' ? (
        <Text size="sm">
          {row.added && row.added.length > 0 && t('added', { items: row.added.join(', ') })} {row.removed && row.removed.length > 0 && t('removed', { items: row.removed.join(', ') })}
        </Text>
      ) : (
        <p className="diff-text">
          <del>{show(row.before)}</del> → <ins>{show(row.after)}</ins>
        </p>
      )}
    </div>
  )
}

function ChangeItem({ change: c, localeName, can, busy, chosen, onChoose }: { change: HistoryChange; localeName: string | undefined; can: boolean; busy: boolean; chosen: boolean; onChoose: (on: boolean) => void }) {
  const { t, i18n } = useTranslation('blogHistory')
  const { t: tb } = useTranslation('blogs', { keyPrefix: 'editor' })
  const when = formatDateTime(c.changedAt, i18n.language)
  return (
    <li className="history-change" data-entity={c.entityType}>
      <Checkbox
        label={
          <span>
            <strong>
              <ActorName change={c} />
            </strong>
            {`, ${when} · `}
            {localeName ? t('locale', { locale: localeName }) : t('postSettings')}
          </span>
        }
        disabled={!can || busy}
        checked={chosen}
        onChange={(e) => onChoose(e.currentTarget.checked)}
      />
      {!can && (
        <Text size="xs" c="dimmed" className="history-field">
          {t('notRevertible')}
        </Text>
      )}
      {c.rows
        .filter((r) => r.field !== 'updated_at')
        .map((r) => (
          <FieldRow key={`${r.changeId}-${r.field}`} row={r} label={tb(`fields.${r.field}`, { defaultValue: r.field })} />
        ))}
    </li>
  )
}

function ConfirmRevert({ count, busy, onConfirm, onCancel }: { count: number; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('blogHistory')
  return (
    <Alert color="orange" title={t('revertChosen', { count })}>
      <Text size="sm" mb="xs">
        {t('confirm')}
      </Text>
      <Group gap="xs">
        <Button size="xs" loading={busy} onClick={onConfirm}>
          {t('confirmRevert')}
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </Group>
    </Alert>
  )
}
