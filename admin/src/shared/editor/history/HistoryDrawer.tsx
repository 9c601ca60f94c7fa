import { Alert, Button, Checkbox, Drawer, Group, Loader, Stack, Text } from '@mantine/core'
import { useQueries, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../api/queries'
import { formatDateTime } from '../../i18n/format'
import { toFormError } from '../../logic/errors'
import { groupHistory, REVERTIBLE_ENTITY_TYPES, type HistoryChange, type HistoryRow } from '../../logic/historyDiff'
import { ProblemAlert } from '../../ui/ProblemAlert'
import { ActorName } from './ActorName'
import { historyQuery } from './api'
import { DiffText } from './DiffText'
import './messages'
import { canRevert, canUseRevertEndpoint } from './revertPlan'
import { useHistoryRevert, type HistoryEntity, type RevertAdapter } from './useHistoryRevert'

/** What an editor tells its history drawer: its records, how to name them and their fields, and how it takes a revert. */
export interface HistoryProps<E extends HistoryEntity> {
  siteId: string
  /**
   * The editor's records as they are now, read when the drawer opens (one may have been created since the editor
   * opened); `key` names them among the site's history queries (`['page', id]`), which a revert refetches.
   */
  entities: { key: readonly unknown[]; load: () => Promise<E[]> }
  /** What a change is of, beside who and when ("Post settings", "Language: German"). */
  describe: (entity: E) => string
  fieldLabel: (field: string) => string
  /** Said beside "Revert" to a caller without the Admin role: reverting the record's own fields needs it. */
  adminNote: string
  revert: RevertAdapter<E>
  canEdit: boolean
}

/** "History" in an editor's header: a drawer with the record's changes, field by field, and revert of the chosen ones. */
export function HistoryButton<E extends HistoryEntity>(props: HistoryProps<E>) {
  const { t } = useTranslation('editorHistory')
  const [opened, setOpened] = useState(false)
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('open')}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('title')}
        position="right"
        size="lg"
        lockScroll={false}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {opened && <HistoryList {...props} />}
      </Drawer>
    </>
  )
}

/** A failed call: the problem's own title, else `fallback`. */
function Problem({ error, fallback }: { error: unknown; fallback: string }) {
  return <ProblemAlert error={error} title={toFormError(error).title ?? fallback} />
}

function HistoryList<E extends HistoryEntity>({ siteId, entities: source, describe, fieldLabel, adminNote, revert: adapter, canEdit }: HistoryProps<E>) {
  const { t } = useTranslation('editorHistory')
  const me = useQuery(sharedQueries.me())
  // Apart from the histories themselves (['site', siteId, 'history', type, id]), under the key a revert refetches.
  const loaded = useQuery({ queryKey: ['site', siteId, 'history', 'entities', ...source.key], queryFn: source.load })
  const entities = useMemo(() => loaded.data ?? [], [loaded.data])
  const results = useQueries({ queries: entities.map((e) => historyQuery(siteId, e.type, e.id)) })
  // An entity with no history at all answers 404: that is "no changes", not a failure.
  const failed = loaded.error ?? results.find((r) => r.error && (r.error as { status?: number }).status !== 404)?.error
  const loading = loaded.isPending || results.some((r) => r.isPending && r.fetchStatus !== 'idle')
  const entries = results.flatMap((r) => r.data ?? [])
  const changes = useMemo(() => groupHistory(entries), [JSON.stringify(entries.map((e) => e.id))])
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [confirming, setConfirming] = useState(false)
  const { revert, busy, error, done, blocked } = useHistoryRevert(siteId, entities, adapter)
  const admin = canUseRevertEndpoint(me.data, siteId)
  const allowed = (c: HistoryChange) => canEdit && canRevert(c, adapter.restorable) && (!REVERTIBLE_ENTITY_TYPES.has(c.entityType) || admin)
  const picked = changes.filter((c) => chosen.has(c.key))
  const describeChange = (c: HistoryChange) => {
    const entity = entities.find((e) => e.type === c.entityType && e.id === c.entityId)
    return entity ? describe(entity) : c.entityType
  }

  if (failed) return <Problem error={failed} fallback={t('loadFailed')} />
  if (loading) return <Loader role="progressbar" aria-label={t('loading')} />
  return (
    <Stack gap="sm" data-testid="history-panel">
      {changes.length === 0 && <Text>{t('empty')}</Text>}
      {error !== undefined && <Problem error={error} fallback={t('failed')} />}
      {blocked && (
        <Alert color="orange" role="alert">
          {t('saveFirst')}
        </Alert>
      )}
      {done && (
        <Text role="status" size="sm">
          {t('reverted', { fields: done.map(fieldLabel).join(', ') })}
        </Text>
      )}
      {changes.length > 0 && (
        <Group gap="xs" className="history-actions">
          <Button disabled={picked.length === 0 || busy} onClick={() => setConfirming(true)}>
            {t('revertChosen', { count: picked.length })}
          </Button>
          {!admin && (
            <Text size="xs" c="dimmed">
              {adminNote}
            </Text>
          )}
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
        {changes.map((c) => (
          <ChangeItem
            key={c.key}
            change={c}
            of={describeChange(c)}
            fieldLabel={fieldLabel}
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
        ))}
      </ol>
    </Stack>
  )
}

function FieldRow({ row, label }: { row: HistoryRow; label: string }) {
  const { t } = useTranslation('editorHistory')
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
          {row.added && row.added.length > 0 && t('added', { items: row.added.join(', ') })}{' '}
          {row.removed && row.removed.length > 0 && t('removed', { items: row.removed.join(', ') })}
        </Text>
      ) : (
        <p className="diff-text">
          <del>{show(row.before)}</del> → <ins>{show(row.after)}</ins>
        </p>
      )}
    </div>
  )
}

interface ChangeItemProps {
  change: HistoryChange
  /** What the change is of ("Post settings", "Language: German"). */
  of: string
  fieldLabel: (field: string) => string
  can: boolean
  busy: boolean
  chosen: boolean
  onChoose: (on: boolean) => void
}

function ChangeItem({ change: c, of, fieldLabel, can, busy, chosen, onChoose }: ChangeItemProps) {
  const { t, i18n } = useTranslation('editorHistory')
  const when = formatDateTime(c.changedAt, i18n.language)
  return (
    <li className="history-change" data-entity={c.entityType}>
      <Checkbox
        label={
          <span>
            <strong>
              <ActorName change={c} />
            </strong>
            {`, ${when} · ${of}`}
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
          <FieldRow key={`${r.changeId}-${r.field}`} row={r} label={fieldLabel(r.field)} />
        ))}
    </li>
  )
}

function ConfirmRevert({ count, busy, onConfirm, onCancel }: { count: number; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('editorHistory')
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
