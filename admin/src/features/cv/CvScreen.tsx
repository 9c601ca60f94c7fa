import { Badge, Button, NativeSelect, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSiteAccess } from '../../shared/api/useSiteAccess'
import { DeleteDialog, ListState, RowActions, ScreenStatus, useConfirmDelete, useRecordActions } from '../../shared/ui/crud'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
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
        className="cv-filter"
        label={t('filter')}
        value={type ?? ''}
        onChange={(e) => setType(ENTRY_TYPES.find((v) => v === e.currentTarget.value))}
        data={[{ value: '', label: t('allTypes') }, ...ENTRY_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))]}
      />
      <ListState query={list} empty={list.data?.length === 0} emptyText={type ? t('emptyFiltered') : t('empty')} loadingText={t('common:loading')}>
        <ol className="cv-list" aria-label={t('listLabel')}>
          {list.data?.map((e) => (
            <CvItem key={e.id} entry={e} canWrite={access.canWrite} onEdit={() => void ui.openEdit(e.id)} onDelete={() => remove.ask(e)} />
          ))}
        </ol>
      </ListState>
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

function CvItem({ entry: e, canWrite, onEdit, onDelete }: { entry: CvEntry; canWrite: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation('cv')
  const start = formatDay(e.start_date, i18n.language)
  const dates = e.is_current || !e.end_date ? t('since', { start }) : t('range', { start, end: formatDay(e.end_date, i18n.language) })
  return (
    <li className="cv-item">
      <div className="cv-text">
        <span className="cv-title">{e.title}</span>
        <span className="cv-meta">
          {t(`types.${e.entry_type}`)}
          {e.organization ? ` · ${e.organization}` : ''}
          {e.location ? ` · ${e.location}` : ''}
        </span>
        <span className="cv-meta">
          {dates}
          {e.is_current && (
            <Badge variant="outline" color="gray" ml="xs" className="cv-current">
              {t('current')}
            </Badge>
          )}
        </span>
      </div>
      {canWrite && (
        <RowActions
          editText={t('editButton')}
          editLabel={t('edit', { title: e.title })}
          onEdit={onEdit}
          deleteLabel={t('delete', { title: e.title })}
          onDelete={onDelete}
        />
      )}
    </li>
  )
}
