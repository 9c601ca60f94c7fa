import type { Schemas } from '@atrium-cms/client'
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { deepEqual } from '../../shared/logic/equal'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { ConflictView } from '../../shared/editor/ConflictView'
import { isSaveConflict, SaveConflict } from '../../shared/editor/SaveConflict'
import { toFormError } from '../../shared/logic/errors'
import { itemValuesOf, navQueries, putItemTitle, useItemMutations, type ItemValues, type LinkType, type NavItem, type NavItemLocalization } from './api'
import { ItemFields, validateItem } from './ItemForm'

/**
 * Edits one item: its fields (PUT /navigation/{id} with If-Match) and its title in every other locale
 * (PUT /navigation/{id}/localizations, an upsert per locale, with If-Match of the title as loaded). A 412 on the item
 * or on a title shows both versions (keep mine, take theirs) with what was typed kept until the editor chooses.
 * Nothing is overwritten.
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
  const { locs, titles, setTitles, loaded, setLoaded } = useLocaleTitles(siteId, item.id)
  const { update: updateItem } = useItemMutations(siteId, item.menu_id)
  // The item as last loaded or saved: a second save (after a title conflict) checks against it.
  const [opened, setOpened] = useState(item)
  const [titleConflict, setTitleConflict] = useState<Record<string, NavItemLocalization> | undefined>(undefined)
  const [itemConflict, setItemConflict] = useState<unknown>(undefined) // the item save's 412, shown by SaveConflict
  const [values, setValues] = useState(() => itemValuesOf(item))
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const close = useUnsavedEdits(!deepEqual(values, itemValuesOf(opened)) || Object.entries(titles).some(([id, v]) => v !== (loaded[id]?.title ?? '')), onClose)
  const others = locales.filter((l) => l.id !== defaultLocaleId)
  const defaultCode = locales.find((l) => l.id === defaultLocaleId)?.code ?? ''

  const save = async ({
    fields = values,
    version = opened,
    typed = titles,
    held = loaded,
  }: { fields?: ItemValues; version?: NavItem; typed?: Record<string, string>; held?: Record<string, NavItemLocalization> } = {}) => {
    // The form holds what it sends, and checks against the version it sends it over (theirs, after a conflict).
    setValues(fields)
    setOpened(version)
    setItemConflict(undefined)
    const found = validateItem(fields)
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])))
    if (Object.keys(found).length > 0) return
    setBusy(true)
    setFailure(undefined)
    let savingTitles = false
    try {
      setOpened(await updateItem(version, fields))
      savingTitles = true
      let now = held
      for (const l of others) {
        const title = (typed[l.id] ?? '').trim()
        if (title === '' || title === (now[l.id]?.title ?? '')) continue
        now = { ...now, [l.id]: await putItemTitle(item.id, l.id, title, now[l.id]) }
        setLoaded(now)
      }
      onSaved()
    } catch (e) {
      const fe = toFormError(e)
      if (fe.code === 'EDIT_CONFLICT' && savingTitles) {
        // A title changed elsewhere: their titles beside mine, typed ones kept.
        const fresh = await locs.refetch()
        if (fresh.data) setTitleConflict(byLocale(fresh.data))
        else setFailure(t('titlesChangedElsewhere'))
      } else if (isSaveConflict(e)) {
        setItemConflict(e)
      } else {
        setErrors(fe.fieldErrors)
        setFailure(`${t(`editor:${fe.formMessageKey}`, fe.formMessageParams)}${fe.requestId ? ` · ${t('editor:requestId', { id: fe.requestId })}` : ''}`)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened onClose={close} title={t('editTitle', { title: item.title })} size="lg">
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
          <ItemFields
            idPrefix="edit-item"
            values={values}
            onChange={setValues}
            errors={errors}
            pages={pages}
            titleLabel={t('itemTitleDefault', { locale: defaultCode })}
          />
          <LocaleTitles locales={others} titles={titles} placeholder={values.title} onChange={(id, v) => setTitles((m) => ({ ...m, [id]: v }))} />
          <SaveConflict<ItemValues, NavItem>
            error={itemConflict}
            title={t('itemChangedElsewhere')}
            base={itemValuesOf(opened)}
            mine={values}
            valuesOf={itemValuesOf}
            label={(f) => fieldLabel(t, f, defaultCode, values.link_type)}
            onResolve={(merged, theirs) => void save({ fields: merged, version: theirs.record })}
            onTakeTheirs={(theirValues, theirs) => {
              setItemConflict(undefined)
              setValues(theirValues)
              setOpened(theirs.record)
            }}
          />
          {titleConflict && (
            <ConflictView<Record<string, string>>
              title={t('titlesChangedElsewhere')}
              base={titlesOf(others, loaded)}
              mine={Object.fromEntries(others.map((l) => [l.id, titles[l.id] ?? '']))}
              theirs={titlesOf(others, titleConflict)}
              label={(id) => t('itemTitleIn', { locale: others.find((l) => l.id === id)?.code ?? id })}
              onResolve={(merged) => {
                setTitles(merged)
                setLoaded(titleConflict)
                setTitleConflict(undefined)
                void save({ typed: merged, held: titleConflict })
              }}
              onCancel={() => {
                setTitles(titlesOf(others, titleConflict))
                setLoaded(titleConflict)
                setTitleConflict(undefined)
              }}
            />
          )}
          {locs.isError && <Text c="var(--mantine-color-red-text)">{locs.error.message}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={titleConflict !== undefined || itemConflict !== undefined}>
              {t('saveItem')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

function LocaleTitles({
  locales,
  titles,
  placeholder,
  onChange,
}: {
  locales: Schemas['Locale'][]
  titles: Record<string, string>
  placeholder: string
  onChange: (localeId: string, title: string) => void
}) {
  const { t } = useTranslation('navigation')
  if (locales.length === 0) return null
  return (
    <fieldset className="editor-fieldset">
      <legend>{t('titlesHint')}</legend>
      {locales.map((l) => (
        <TextInput
          key={l.id}
          lang={l.code}
          label={t('itemTitleIn', { locale: l.code })}
          value={titles[l.id] ?? ''}
          placeholder={placeholder}
          onChange={(e) => onChange(l.id, e.currentTarget.value)}
        />
      ))}
    </fieldset>
  )
}

/** A field's label in the item conflict view: the form's own label of it. */
function fieldLabel(t: TFunction<'navigation'>, field: string, defaultCode: string, linkType: LinkType): string {
  if (field === 'title') return t('itemTitleDefault', { locale: defaultCode })
  if (field === 'url') return t(`url.${linkType === 'external' ? 'external' : 'internal'}`)
  const labels: Record<string, string> = { link_type: t('linkType'), page_id: t('page'), open_in_new_tab: t('openInNewTab') }
  return labels[field] ?? field
}

const byLocale = (locs: readonly NavItemLocalization[]): Record<string, NavItemLocalization> => Object.fromEntries(locs.map((l) => [l.locale_id, l]))
const titlesOf = (locales: readonly Schemas['Locale'][], locs: Record<string, NavItemLocalization>): Record<string, string> =>
  Object.fromEntries(locales.map((l) => [l.id, locs[l.id]?.title ?? '']))

/** The item's localizations as loaded (their tags are the titles' If-Match), and the titles as edited. */
function useLocaleTitles(siteId: string, itemId: string) {
  const locs = useQuery(navQueries.localizations(siteId, itemId))
  const [titles, setTitles] = useState<Record<string, string>>({})
  const [loaded, setLoaded] = useState<Record<string, NavItemLocalization>>({})
  const [ready, setReady] = useState(false)
  useEffect(() => {
    // The first load fills the form, keeping what was typed before it arrived; later ones (a refetch) change nothing.
    if (!locs.data || ready) return
    const m = byLocale(locs.data)
    setTitles((typed) => ({ ...Object.fromEntries(Object.entries(m).map(([id, l]) => [id, l.title])), ...typed }))
    setLoaded(m)
    setReady(true)
  }, [locs.data, ready])
  return { locs, titles, setTitles, loaded, setLoaded }
}
