import { Button, NativeSelect, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSiteAccess } from '../../shared/api/useSiteAccess'
import { DeleteDialog, ListState, RowActions, ScreenStatus, useConfirmDelete, useRecordActions } from '../../shared/ui/crud'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
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

  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={t('title')}>
        {access.canWrite && <Button onClick={ui.openNew}>{t('new')}</Button>}
      </ScreenHeader>
      <ScreenStatus notice={ui.notice} loadError={ui.loadError} />
      {categories.length > 0 && (
        <NativeSelect
          className="skills-filter"
          label={t('filter')}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          data={[{ value: '', label: t('allCategories') }, ...categories.map((c) => ({ value: c, label: c }))]}
        />
      )}
      <ListState query={list} empty={groups.length === 0} emptyText={filter === '' ? t('empty') : t('emptyFiltered')} loadingText={t('common:loading')}>
        {groups.map((g) => (
          <SkillGroup
            key={g.category ?? ''}
            name={g.category ?? t('uncategorised')}
            skills={g.skills}
            canWrite={access.canWrite}
            onEdit={(s) => void ui.openEdit(s.id)}
            onDelete={remove.ask}
          />
        ))}
      </ListState>
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

function SkillGroup({
  name,
  skills,
  canWrite,
  onEdit,
  onDelete,
}: {
  name: string
  skills: Skill[]
  canWrite: boolean
  onEdit: (s: Skill) => void
  onDelete: (s: Skill) => void
}) {
  const { t } = useTranslation('skills')
  const id = `skills-group-${name.replace(/[^a-zA-Z0-9]+/g, '-')}`
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {name}
      </Title>
      <ul className="skills-list" aria-label={t('group', { category: name })}>
        {skills.map((s) => (
          <li key={s.id} className="skills-item">
            <span className="skills-name">{s.name}</span>
            <span className="skills-meter" role="img" aria-label={t('proficiency', { value: s.proficiency })}>
              <span className="skills-meter-fill" style={{ width: `${Math.max(0, Math.min(100, s.proficiency))}%` }} />
            </span>
            <span className="skills-value" aria-hidden="true">
              {s.proficiency}
            </span>
            {canWrite && (
              <RowActions
                editText={t('editButton')}
                editLabel={t('edit', { name: s.name })}
                onEdit={() => onEdit(s)}
                deleteLabel={t('delete', { name: s.name })}
                onDelete={() => onDelete(s)}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
