import { Alert, Button, CloseButton, Combobox, Group, Loader, NativeSelect, Stack, Text, TextInput, useCombobox } from '@mantine/core'
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toFormError } from '../../../shared/logic/errors'
import { categoryPaths } from './categoryTree'
import './metaMessages'
import { assignCategory, assignTag, createCategory, createTag, metaQueries, unassignCategory, unassignTag } from './metaApi'
import './post-meta.css'
import { tagChoices, type TagChoice } from './tagChoices'

/** The error line of a taxonomy or attachment request: the problem's title, the request id. */
export function MetaError({ error, onClose }: { error: unknown; onClose: () => void }) {
  const { t } = useTranslation('blogs', { keyPrefix: 'editor' })
  const fe = toFormError(error)
  const fieldText = Object.values(fe.fieldErrors).join(' ')
  return (
    <Alert color="red" role="alert" withCloseButton onClose={onClose} closeButtonLabel={t('cancel')}>
      {t(fe.formMessageKey, fe.formMessageParams)} {fieldText}
      {fe.requestId && (
        <Text size="xs" mt={4}>
          {t('requestId', { id: fe.requestId })}
        </Text>
      )}
    </Alert>
  )
}

type Change = (fn: () => Promise<unknown>, opts?: { onSuccess?: () => void }) => void

/**
 * Categories (with the primary one) and tags, each a searchable combobox of the site's terms: Enter takes the
 * highlighted one; a new term is made only through its explicit "Create …" option. Each change is one request on the
 * post's content record.
 */
export function TaxonomyPanel({ siteId, contentId, disabled }: { siteId: string; contentId: string; disabled: boolean }) {
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: metaQueries.postCategories(siteId, contentId).queryKey }),
        queryClient.invalidateQueries({ queryKey: metaQueries.postTags(siteId, contentId).queryKey }),
      ]),
  })
  const run: Change = (fn, opts) => change.mutate(fn, opts)
  const busy = disabled || change.isPending
  return (
    <>
      <CategoriesFieldset siteId={siteId} contentId={contentId} busy={busy} pending={change.isPending} run={run} />
      <TagsFieldset siteId={siteId} contentId={contentId} busy={busy} pending={change.isPending} run={run} />
      {change.error && <MetaError error={change.error} onClose={() => change.reset()} />}
    </>
  )
}

interface PartProps {
  siteId: string
  contentId: string
  busy: boolean
  pending: boolean
  run: Change
}

function CategoriesFieldset({ siteId, contentId, busy, pending, run }: PartProps) {
  const { t } = useTranslation('blogMeta', { keyPrefix: 'taxonomy' })
  const queryClient = useQueryClient()
  const tree = useQuery(metaQueries.categories(siteId))
  const assigned = useQuery(metaQueries.postCategories(siteId, contentId))
  const primary = assigned.data?.find((c) => c.is_primary)?.id ?? ''
  const assignedIds = useMemo(() => new Set((assigned.data ?? []).map((c) => c.id)), [assigned.data])
  // Each category named by its path ("Garden › Bulbs"): two of the same name under different parents stay apart.
  const paths = useMemo(() => categoryPaths(tree.data ?? []), [tree.data])
  const items = useMemo(() => (tree.data ?? []).map((c) => ({ id: c.id, name: c.name, label: paths.get(c.id) ?? c.name })), [tree.data, paths])
  return (
    <fieldset className="editor-fieldset" aria-busy={pending}>
      <legend>{t('categories')}</legend>
      {!tree.data || !assigned.data ? (
        <Loader role="progressbar" size="sm" aria-label={t('loading')} />
      ) : (
        <Stack gap="xs">
          <TermPicker
            items={items}
            assigned={assigned.data.map((c) => ({ id: c.id, label: paths.get(c.id) ?? c.name }))}
            assignedIds={assignedIds}
            busy={busy}
            texts={{
              list: t('categories'),
              none: tree.data.length === 0 ? t('noCategories') : t('noAssignedCategories'),
              add: t('addCategory'),
              hint: t('addCategoryHint'),
              options: t('categoryOptions'),
              create: (name) => t('createCategory', { name }),
              remove: (name) => t('removeCategory', { name }),
            }}
            onRemove={(id) => run(() => unassignCategory(contentId, id))}
            onTake={(choice, done) =>
              run(
                async () => {
                  const id = await takenId(queryClient, choice, metaQueries.categories(siteId).queryKey, (name) => createCategory(siteId, name))
                  // The first category assigned is the primary one until another is chosen.
                  await assignCategory(contentId, id, assignedIds.size === 0)
                },
                { onSuccess: done },
              )
            }
          />
          <NativeSelect
            label={t('primary')}
            value={primary}
            disabled={busy || assignedIds.size === 0}
            data={[{ value: '', label: t('noPrimary'), disabled: true }, ...assigned.data.map((c) => ({ value: c.id, label: c.name }))]}
            onChange={(e) => {
              const id = e.currentTarget.value
              if (id !== '') run(() => assignCategory(contentId, id, true))
            }}
          />
        </Stack>
      )}
    </fieldset>
  )
}

function TagsFieldset({ siteId, contentId, busy, pending, run }: PartProps) {
  const { t } = useTranslation('blogMeta', { keyPrefix: 'taxonomy' })
  const queryClient = useQueryClient()
  const allTags = useQuery(metaQueries.tags(siteId))
  const tags = useQuery(metaQueries.postTags(siteId, contentId))
  const tagIds = useMemo(() => new Set((tags.data ?? []).map((x) => x.id)), [tags.data])
  const items = useMemo(() => (allTags.data ?? []).map((tag) => ({ id: tag.id, name: tag.name, label: tag.name })), [allTags.data])
  return (
    <fieldset className="editor-fieldset" aria-busy={pending}>
      <legend>{t('tags')}</legend>
      <TermPicker
        items={items}
        assigned={tags.data?.map((tag) => ({ id: tag.id, label: tag.name }))}
        assignedIds={tagIds}
        busy={busy}
        texts={{
          list: t('tags'),
          none: t('noTags'),
          add: t('addTag'),
          hint: t('addTagHint'),
          options: t('tagOptions'),
          create: (name) => t('createTag', { name }),
          remove: (name) => t('removeTag', { name }),
        }}
        onRemove={(id) => run(() => unassignTag(contentId, id))}
        onTake={(choice, done) =>
          run(
            async () => {
              const id = await takenId(queryClient, choice, metaQueries.tags(siteId).queryKey, (name) => createTag(siteId, name))
              await assignTag(contentId, id)
            },
            { onSuccess: done },
          )
        }
      />
    </fieldset>
  )
}

/** A term the picker offers: matched by its name, shown by its label (a category's path). */
/** The id of the term the picker took: an existing one, or one created now and added to the site's cached list. */
async function takenId<T extends { id: string }>(
  queryClient: QueryClient,
  choice: TagChoice<Term>,
  listKey: QueryKey,
  create: (name: string) => Promise<T>,
): Promise<string> {
  if (choice.kind === 'tag') return choice.tag.id
  const made = await create(choice.name)
  queryClient.setQueryData<T[]>(listKey, (old) => [...(old ?? []), made])
  return made.id
}

interface Term {
  id: string
  name: string
  label: string
}

interface PickerTexts {
  list: string
  none: string
  add: string
  hint: string
  options: string
  create: (name: string) => string
  remove: (label: string) => string
}

/**
 * The assigned terms (each with its remove button) and a searchable combobox of the site's others: what is typed
 * highlights the best match, Enter takes it; a new term is made only through the explicit "Create …" option.
 */
function TermPicker({
  items,
  assigned,
  assignedIds,
  busy,
  texts,
  onRemove,
  onTake,
}: {
  items: Term[]
  assigned: Array<{ id: string; label: string }> | undefined
  assignedIds: ReadonlySet<string>
  busy: boolean
  texts: PickerTexts
  onRemove: (id: string) => void
  onTake: (choice: TagChoice<Term>, done: () => void) => void
}) {
  const { t } = useTranslation('blogMeta', { keyPrefix: 'taxonomy' })
  const [typed, setTyped] = useState('')
  const choices = useMemo(() => tagChoices(items, assignedIds, typed), [items, assignedIds, typed])
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  // What is typed highlights the best match, so Enter takes an existing term rather than making a near-duplicate.
  useEffect(() => {
    if (typed.trim() !== '') combobox.selectFirstOption()
  }, [choices])

  const take = (value: string) => {
    const choice = choices.find((c) => c.value === value)
    if (!choice) return
    onTake(choice, () => setTyped(''))
    combobox.closeDropdown()
  }
  /** The Add button takes what Enter would: the highlighted option, else the first. */
  const addHighlighted = () => {
    const index = combobox.getSelectedOptionIndex()
    const choice = choices[index >= 0 ? index : 0]
    if (choice && typed.trim() !== '') take(choice.value)
  }
  return (
    <Stack gap="xs">
      {assigned && assigned.length > 0 ? (
        <ul className="post-meta-tags" aria-label={texts.list}>
          {assigned.map((term) => (
            <li key={term.id}>
              <Group gap={2} wrap="nowrap">
                <Text size="sm">{term.label}</Text>
                <CloseButton size="sm" aria-label={texts.remove(term.label)} disabled={busy} onClick={() => onRemove(term.id)} />
              </Group>
            </li>
          ))}
        </ul>
      ) : (
        <Text size="sm" c="dimmed">
          {assigned ? texts.none : t('loading')}
        </Text>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Combobox store={combobox} onOptionSubmit={take}>
          <Combobox.Target withExpandedAttribute>
            <TextInput
              className="post-meta-grow"
              label={texts.add}
              description={texts.hint}
              value={typed}
              disabled={busy}
              autoComplete="off"
              onChange={(e) => {
                setTyped(e.currentTarget.value)
                combobox.openDropdown()
              }}
              onClick={() => combobox.openDropdown()}
              onFocus={() => combobox.openDropdown()}
              onBlur={() => combobox.closeDropdown()}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={choices.length === 0}>
            <Combobox.Options aria-label={texts.options} className="post-meta-options">
              {choices.map((c) => (
                <Combobox.Option key={c.value} value={c.value}>
                  {c.kind === 'tag' ? c.tag.label : texts.create(c.name)}
                </Combobox.Option>
              ))}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        <Button variant="default" onClick={addHighlighted} disabled={busy || typed.trim() === ''}>
          {t('add')}
        </Button>
      </Group>
    </Stack>
  )
}
