import { Button, NativeSelect, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSiteAccess } from '../../shared/api/useSiteAccess'
import { DeleteDialog, ScreenStatus, useConfirmDelete, useRecordActions } from '../../shared/ui/crud'
import { DataTable, editDeleteActions, type Column } from '../../shared/ui/DataTable'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import '../../shared/ui/lists.css'
import { skillResource, type Skill } from './api'
import { categoriesOf, groupByCategory } from './rules'
import { SkillForm } from './SkillForm'

/** The site's skills grouped by category with their proficiency; create, edit (If-Match) and delete after a confirmation. */
export function SkillsScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('skills')
  const list = useQuery(skillResource.all(siteId))
  const access = useSiteAccess(siteId)
  const m = skillResource.useMutations(siteId)
  const ui = useRecordActions(skillResource.get)
  const [filter, setFilter] = useState('')
  const skills = useMemo(() => list.data ?? [], [list.data])
  const categories = useMemo(() => categoriesOf(skills), [skills])
  const groups = useMemo(() => groupByCategory(filter === '' ? skills : skills.filter((s) => (s.category?.trim() ?? '') === filter)), [skills, filter])
  const { editing } = ui
  const remove = useConfirmDelete(
    m.remove,
    (s: Skill) => s.id,
    (s) => ui.setNotice(t('deleted', { name: s.name })),
  )
  const rowProps = { canWrite: access.canWrite, onEdit: (s: Skill) => void ui.openEdit(s.id), onDelete: remove.ask }

  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={t('title')}>
        {access.canWrite && <Button onClick={ui.openNew}>{t('new')}</Button>}
      </ScreenHeader>
      <ScreenStatus notice={ui.notice} loadError={ui.loadError} />
      {categories.length > 0 && (
        <NativeSelect
          className="ui-filter"
          label={t('filter')}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          data={[{ value: '', label: t('allCategories') }, ...categories.map((c) => ({ value: c, label: c }))]}
        />
      )}
      {groups.length > 0 ? (
        groups.map((g) => <SkillGroup key={g.category ?? ''} name={g.category ?? t('uncategorised')} skills={g.skills} {...rowProps} />)
      ) : (
        // Loading, failed or empty: the table's own states (one table per category once there are skills).
        <SkillTable label={t('title')} skills={list.data && []} empty={filter === '' ? t('empty') : t('emptyFiltered')} list={list} {...rowProps} />
      )}
      {editing && (
        <SkillForm
          record={editing.record}
          etag={editing.etag}
          categories={categories}
          onClose={() => ui.setEditing(null)}
          onSave={(b, etag) => m.save(editing.record, b, etag)}
          onSaved={(s) => (ui.setEditing(null), ui.setNotice(t('saved', { name: s.name })))}
        />
      )}
      <DeleteDialog {...remove.dialog} title={remove.target ? t('deleteTitle', { name: remove.target.name }) : ''} confirmLabel={t('deleteConfirm')}>
        {t('deleteText')}
      </DeleteDialog>
    </Stack>
  )
}

interface RowProps {
  canWrite: boolean
  onEdit: (s: Skill) => void
  onDelete: (s: Skill) => void
}

function SkillGroup({ name, skills, ...rowProps }: RowProps & { name: string; skills: Skill[] }) {
  const { t } = useTranslation('skills')
  const id = `skills-group-${name.replace(/[^a-zA-Z0-9]+/g, '-')}`
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {name}
      </Title>
      <SkillTable label={t('group', { category: name })} skills={skills} {...rowProps} />
    </section>
  )
}

function SkillTable({
  label,
  skills,
  empty,
  list,
  canWrite,
  onEdit,
  onDelete,
}: RowProps & { label: string; skills: Skill[] | undefined; empty?: string; list?: { error: unknown; refetch: () => unknown } }) {
  const { t } = useTranslation('skills')
  const columns: Column<Skill>[] = [
    { key: 'name', header: t('columns.name'), cell: (s) => s.name, sortValue: (s) => s.name },
    {
      key: 'proficiency',
      header: t('columns.proficiency'),
      sortValue: (s) => s.proficiency,
      cell: (s) => (
        <span className="skills-level">
          <span className="skills-meter" role="img" aria-label={t('proficiency', { value: s.proficiency })}>
            <span className="skills-meter-fill" style={{ width: `${Math.max(0, Math.min(100, s.proficiency))}%` }} />
          </span>
          <span className="skills-value" aria-hidden="true">
            {s.proficiency}
          </span>
        </span>
      ),
    },
  ]
  const actions = editDeleteActions<Skill>({
    onEdit: canWrite ? onEdit : undefined,
    editName: (s) => t('edit', { name: s.name }),
    onDelete: canWrite ? onDelete : undefined,
    deleteName: (s) => t('delete', { name: s.name }),
  })
  return (
    <DataTable
      label={label}
      rows={skills}
      rowKey={(s) => s.id}
      columns={columns}
      actions={actions}
      empty={empty}
      error={list?.error}
      onRetry={() => void list?.refetch()}
      className="ui-narrow"
    />
  )
}
