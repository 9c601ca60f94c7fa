import type { Schemas } from '@atrium-cms/client'
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toFormError } from '../../shared/logic/errors'
import { itemValuesOf, navQueries, putItemTitle, updateItem, type NavItem } from './api'
import { ItemFields, validateItem } from './ItemForm'

/**
 * Edits one item: its fields (PUT /navigation/{id} with If-Match) and its title in every other locale
 * (PUT /navigation/{id}/localizations, an upsert per locale). A 412 shows the item as saved now; nothing is overwritten.
 */
export function ItemEditModal({
  siteId,
  item,
  locales,
  defaultLocaleId,
  pages,
  onClose,
  onSaved,
}: {
  siteId: string
  item: NavItem
  locales: Schemas['Locale'][]
  defaultLocaleId: string
  pages: Schemas['Page'][]
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useTranslation('navigation')
  const { locs, titles, setTitles, loadedTitles } = useLocaleTitles(siteId, item.id)
  const [values, setValues] = useState(() => itemValuesOf(item))
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const others = locales.filter((l) => l.id !== defaultLocaleId)
  const defaultCode = locales.find((l) => l.id === defaultLocaleId)?.code ?? ''

  const save = async () => {
    const found = validateItem(values)
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])))
    if (Object.keys(found).length > 0) return
    setBusy(true)
    setFailure(undefined)
    try {
      const r = await updateItem(item, values)
      if ('changed' in r) {
        setValues(itemValuesOf(r.changed))
        setFailure(t('changedElsewhere'))
        return
      }
      for (const l of others) {
        const title = (titles[l.id] ?? '').trim()
        if (title !== '' && title !== loadedTitles[l.id]) await putItemTitle(item.id, l.id, title)
      }
      onSaved()
    } catch (e) {
      const fe = toFormError(e)
      if (fe.code === 'EDIT_CONFLICT') {
        const current = fe.current as NavItem | undefined
        if (current) setValues(itemValuesOf(current))
        setFailure(t('changedElsewhere'))
      } else {
        setErrors(fe.fieldErrors)
        setFailure(`${t(`editor:${fe.formMessageKey}`, fe.formMessageParams)}${fe.requestId ? ` · ${t('editor:requestId', { id: fe.requestId })}` : ''}`)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('editTitle', { title: item.title })} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <ItemFields idPrefix="edit-item" values={values} onChange={setValues} errors={errors} pages={pages} titleLabel={t('itemTitleDefault', { locale: defaultCode })} />
          <LocaleTitles locales={others} titles={titles} placeholder={values.title} onChange={(id, v) => setTitles((m) => ({ ...m, [id]: v }))} />
          {locs.isError && <Text c="red.8">{locs.error.message}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('saveItem')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

function LocaleTitles({ locales, titles, placeholder, onChange }: { locales: Schemas['Locale'][]; titles: Record<string, string>; placeholder: string; onChange: (localeId: string, title: string) => void }) {
  const { t } = useTranslation('navigation')
  if (locales.length === 0) return null
  return (
    <fieldset className="editor-fieldset">
      <legend>{t('titlesHint')}</legend>
      {locales.map((l) => (
        <TextInput key={l.id} lang={l.code} label={t('itemTitleIn', { locale: l.code })} value={titles[l.id] ?? ''} placeholder={placeholder} onChange={(e) => onChange(l.id, e.currentTarget.value)} />
      ))}
    </fieldset>
  )
}

/** The item's titles per locale as loaded, and as edited. */
function useLocaleTitles(siteId: string, itemId: string) {
  const locs = useQuery(navQueries.localizations(siteId, itemId))
  const [titles, setTitles] = useState<Record<string, string>>({})
  const [loadedTitles, setLoadedTitles] = useState<Record<string, string>>({})
  const loadedRef = useRef<Record<string, string>>({})
  useEffect(() => {
    if (!locs.data) return
    const m = Object.fromEntries(locs.data.map((l) => [l.locale_id, l.title]))
    const before = loadedRef.current
    loadedRef.current = m
    setLoadedTitles(m)
    // A title typed before the saved ones arrived (or changed since they last did) stays: the answer fills only the
    // fields the user has not touched.
    setTitles((typed) => ({ ...m, ...Object.fromEntries(Object.entries(typed).filter(([id, v]) => v !== (before[id] ?? ''))) }))
  }, [locs.data])
  return { locs, titles, setTitles, loadedTitles }
}
