import { Alert, Button, Checkbox, CloseButton, Combobox, Group, Loader, NativeSelect, Stack, Text, TextInput, useCombobox } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toFormError } from '../../../shared/logic/errors'
import { flattenTree } from './categoryTree'
import './metaMessages'
import { assignCategory, assignTag, createTag, metaQueries, unassignCategory, unassignTag, type Tag } from './metaApi'
import './post-meta.css'
import { tagChoices } from './tagChoices'

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
 * Categories from the site's tree (checkboxes, indented by depth) with the primary one, and tags (a combobox of the
 * site's tags: Enter takes the highlighted one; a new tag is made only through its explicit "Create tag" option). Each change is one request on the post's content record.
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
  const tree = useQuery(metaQueries.categories(siteId))
  const assigned = useQuery(metaQueries.postCategories(siteId, contentId))
  const primary = assigned.data?.find((c) => c.is_primary)?.id ?? ''
  const assignedIds = new Set((assigned.data ?? []).map((c) => c.id))
  return (
    <fieldset className="editor-fieldset" aria-busy={pending}>
      <legend>{t('categories')}</legend>
      {!tree.data || !assigned.data ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : tree.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noCategories')}
        </Text>
      ) : (
        <Stack gap={6}>
          {flattenTree(tree.data).map(({ category, depth }) => (
            <Checkbox
              key={category.id}
              ml={depth * 20}
              label={category.name}
              checked={assignedIds.has(category.id)}
              disabled={busy}
              onChange={(e) => {
                const on = e.currentTarget.checked
                // The first category assigned is the primary one until another is chosen.
                run(() => (on ? assignCategory(contentId, category.id, assignedIds.size === 0) : unassignCategory(contentId, category.id)))
              }}
            />
          ))}
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
  const [tagName, setTagName] = useState('')
  const tagIds = useMemo(() => new Set((tags.data ?? []).map((x) => x.id)), [tags.data])
  const choices = useMemo(() => tagChoices(allTags.data ?? [], tagIds, tagName), [allTags.data, tagIds, tagName])
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  // What is typed highlights the best match, so Enter takes an existing tag rather than making a near-duplicate.
  useEffect(() => {
    if (tagName.trim() !== '') combobox.selectFirstOption()
  }, [choices])

  const take = (value: string) => {
    const choice = choices.find((c) => c.value === value)
    if (!choice) return
    run(
      async () => {
        let tag: Tag
        if (choice.kind === 'tag') tag = choice.tag
        else {
          tag = await createTag(siteId, choice.name)
          queryClient.setQueryData(metaQueries.tags(siteId).queryKey, (old: Tag[] | undefined) => [...(old ?? []), tag])
        }
        await assignTag(contentId, tag.id)
      },
      { onSuccess: () => setTagName('') },
    )
    combobox.closeDropdown()
  }
  /** The Add button takes what Enter would: the highlighted option, else the first. */
  const addHighlighted = () => {
    const index = combobox.getSelectedOptionIndex()
    const choice = choices[index >= 0 ? index : 0]
    if (choice && tagName.trim() !== '') take(choice.value)
  }
  return (
    <fieldset className="editor-fieldset" aria-busy={pending}>
      <legend>{t('tags')}</legend>
      <Stack gap="xs">
        {tags.data && tags.data.length > 0 ? (
          <ul className="post-meta-tags" aria-label={t('tags')}>
            {tags.data.map((tag) => (
              <li key={tag.id}>
                <Group gap={2} wrap="nowrap">
                  <Text size="sm">{tag.name}</Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('removeTag', { name: tag.name })}
                    disabled={busy}
                    onClick={() => run(() => unassignTag(contentId, tag.id))}
                  />
                </Group>
              </li>
            ))}
          </ul>
        ) : (
          <Text size="sm" c="dimmed">
            {tags.data ? t('noTags') : t('loading')}
          </Text>
        )}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Combobox store={combobox} onOptionSubmit={take}>
            <Combobox.Target withExpandedAttribute>
              <TextInput
                className="post-meta-grow"
                label={t('addTag')}
                description={t('addTagHint')}
                value={tagName}
                disabled={busy}
                autoComplete="off"
                onChange={(e) => {
                  setTagName(e.currentTarget.value)
                  combobox.openDropdown()
                }}
                onClick={() => combobox.openDropdown()}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
              />
            </Combobox.Target>
            <Combobox.Dropdown hidden={choices.length === 0}>
              <Combobox.Options aria-label={t('tagOptions')} className="post-meta-options">
                {choices.map((c) => (
                  <Combobox.Option key={c.value} value={c.value}>
                    {c.kind === 'tag' ? c.tag.name : t('createTag', { name: c.name })}
                  </Combobox.Option>
                ))}
              </Combobox.Options>
            </Combobox.Dropdown>
          </Combobox>
          <Button variant="default" onClick={addHighlighted} disabled={busy || tagName.trim() === ''}>
            {t('add')}
          </Button>
        </Group>
      </Stack>
    </fieldset>
  )
}
