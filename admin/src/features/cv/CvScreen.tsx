import { Badge, Button, NativeSelect, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSiteAccess } from '../../shared/api/useSiteAccess'
import { DeleteDialog, ScreenStatus, useConfirmDelete, useRecordActions } from '../../shared/ui/crud'
import { DataTable, editDeleteActions, type Column } from '../../shared/ui/DataTable'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import '../../shared/ui/lists.css'
import { cv, type CvEntry } from './api'
import { CvForm } from './CvForm'
import { ENTRY_TYPES, type EntryType } from './rules'

/** A calendar date (YYYY-MM-DD) in the UI language, as that day wherever the viewer is. */
const formatDay = (d: string, lang: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`))

/** The site's CV entries (current first, then newest), filtered by type through the API; create, edit (If-Match), delete. */
export function CvScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('cv')
  const [type, setType] = useState<EntryType | undefined>(undefined)
  const list = useQuery(cv.all(siteId, type ? { entry_type: type } : {}))
  const access = useSiteAccess(siteId)
  const m = cv.useMutations(siteId)
  const ui = useRecordActions(cv.get)
  const { editing } = ui
  const remove = useConfirmDelete(
    m.remove,
    (e: CvEntry) => e.id,
    (e) => ui.setNotice(t('deleted', { title: e.title })),
  )
  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={t('title')}>
        {access.canWrite && <Button onClick={ui.openNew}>{t('new')}</Button>}
      </ScreenHeader>
      <Text size="xs" c="dimmed">
        {t('noLocales')}
      </Text>
      <ScreenStatus notice={ui.notice} loadError={ui.loadError} />
      <NativeSelect
        className="ui-filter"
        label={t('filter')}
        value={type ?? ''}
        onChange={(e) => setType(ENTRY_TYPES.find((v) => v === e.currentTarget.value))}
        data={[{ value: '', label: t('allTypes') }, ...ENTRY_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))]}
      />
      <CvTable
        entries={list.data}
        list={list}
        empty={type ? t('emptyFiltered') : t('empty')}
        onEdit={access.canWrite ? (e) => void ui.openEdit(e.id) : undefined}
        onDelete={access.canWrite ? remove.ask : undefined}
      />
      {editing && (
        <CvForm
          record={editing.record}
          etag={editing.etag}
          onClose={() => ui.setEditing(null)}
          onSave={(b, etag) => m.save(editing.record, b, etag)}
          onSaved={(e) => (ui.setEditing(null), ui.setNotice(t('saved', { title: e.title })))}
        />
      )}
      <DeleteDialog {...remove.dialog} title={remove.target ? t('deleteTitle', { title: remove.target.title }) : ''} confirmLabel={t('deleteConfirm')}>
        {t('deleteText')}
      </DeleteDialog>
    </Stack>
  )
}

interface TableProps {
  entries: CvEntry[] | undefined
  list: { error: unknown; refetch: () => unknown }
  empty: string
  onEdit?: (e: CvEntry) => void
  onDelete?: (e: CvEntry) => void
}

/** The entries in the API's order (current first, then newest start): what, where, when. */
function CvTable({ entries, list, empty, onEdit, onDelete }: TableProps) {
  const { t, i18n } = useTranslation('cv')
  const datesOf = (e: CvEntry) => {
    const start = formatDay(e.start_date, i18n.language)
    return e.is_current || !e.end_date ? t('since', { start }) : t('range', { start, end: formatDay(e.end_date, i18n.language) })
  }
  const columns: Column<CvEntry>[] = [
    { key: 'title', header: t('columns.title'), cell: (e) => e.title },
    { key: 'type', header: t('columns.type'), cell: (e) => t(`types.${e.entry_type}`), nowrap: true },
    { key: 'where', header: t('columns.where'), cell: (e) => [e.organization, e.location].filter(Boolean).join(' · ') },
    {
      key: 'dates',
      header: t('columns.dates'),
      nowrap: true,
      cell: (e) => (
        <>
          {datesOf(e)}
          {e.is_current && (
            <Badge variant="outline" color="gray" ml="xs" className="cv-current">
              {t('current')}
            </Badge>
          )}
        </>
      ),
    },
  ]
  const actions = editDeleteActions<CvEntry>({
    onEdit,
    editName: (e) => t('edit', { title: e.title }),
    onDelete,
    deleteName: (e) => t('delete', { title: e.title }),
  })
  return (
    <DataTable
      label={t('listLabel')}
      rows={entries}
      rowKey={(e) => e.id}
      columns={columns}
      actions={actions}
      empty={empty}
      error={list.error}
      onRetry={() => void list.refetch()}
    />
  )
}
