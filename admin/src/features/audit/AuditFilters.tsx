import { Button, Select, TextInput } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, hasFilters, isUuid, type AuditSearch } from './search'

/** An id filter: typed freely, applied on Enter or when leaving the field, refused when it is not a UUID. */
function IdFilter({ label, value, onApply }: { label: string; value: string | undefined; onApply: (v: string | undefined) => void }) {
  const { t } = useTranslation('audit')
  const [typed, setTyped] = useState(value ?? '')
  useEffect(() => setTyped(value ?? ''), [value])
  const bad = typed.trim() !== '' && !isUuid(typed.trim())
  const apply = () => {
    if (!bad && (typed.trim() || undefined) !== value) onApply(typed.trim().toLowerCase() || undefined)
  }
  return (
    <TextInput
      label={label}
      value={typed}
      onChange={(e) => setTyped(e.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault()
          apply()
        }
      }}
      error={bad ? t('invalidId') : undefined}
      description={t('idHint')}
      spellCheck={false}
      autoComplete="off"
    />
  )
}

/** The log's filters (kept in the URL); any change goes back to the first page. */
export function AuditFilters({
  search,
  onSearch,
  typeLabel,
  actionLabel,
}: {
  search: AuditSearch
  onSearch: (next: AuditSearch) => void
  typeLabel: (type: string) => string
  actionLabel: (action: string) => string
}) {
  const { t } = useTranslation('audit')
  const set = (patch: Partial<AuditSearch>) => onSearch({ ...search, ...patch, page: undefined })
  return (
    <form role="search" aria-label={t('filters')} className="audit-filters" onSubmit={(e) => e.preventDefault()}>
      <Select
        label={t('entityType')}
        data={[{ value: '', label: t('allTypes') }, ...AUDIT_ENTITY_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))]}
        value={search.entity_type ?? ''}
        onChange={(v) => set({ entity_type: v || undefined })}
        allowDeselect={false}
        searchable
      />
      <Select
        label={t('action')}
        data={[{ value: '', label: t('allActions') }, ...AUDIT_ACTIONS.map((v) => ({ value: v, label: actionLabel(v) }))]}
        value={search.action ?? ''}
        onChange={(v) => set({ action: v || undefined })}
        allowDeselect={false}
      />
      <IdFilter label={t('userId')} value={search.user_id} onApply={(v) => set({ user_id: v })} />
      <IdFilter label={t('apiKeyId')} value={search.api_key_id} onApply={(v) => set({ api_key_id: v })} />
      <TextInput type="date" label={t('from')} value={search.from ?? ''} max={search.to} onChange={(e) => set({ from: e.currentTarget.value || undefined })} />
      <TextInput type="date" label={t('to')} value={search.to ?? ''} min={search.from} onChange={(e) => set({ to: e.currentTarget.value || undefined })} />
      {hasFilters(search) && (
        <Button variant="default" onClick={() => onSearch({})}>
          {t('clearFilters')}
        </Button>
      )}
    </form>
  )
}
