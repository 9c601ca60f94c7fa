import { Button, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState, type ReactNode } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useSiteAccess } from '../../shared/api/useSiteAccess'
import { DeleteDialog, ListState, ScreenStatus } from '../../shared/ui/crud'
import { DataTable, editDeleteActions, RowActionIcons, type RowAction } from '../../shared/ui/DataTable'
import { MergeIcon, MoveIcon } from '../../shared/ui/icons'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { getTerm, taxonomyQueries, useTaxonomyMutations, type Category, type Tag } from './api'
import { MergeDialog, type Merging } from './MergeDialog'
import { TermForm, type TermFormMode } from './TermForm'
import { buildTree, flatten, selfAndDescendants, usageCounts, type TreeNode } from './tree'

type Deleting = { kind: 'tag'; term: Tag } | { kind: 'category'; term: Category; children: number; parentName: string | null }

/** Everything the screen reads: terms, the tree, published counts and how many posts carry each term. */
function useTaxonomyData(siteId: string) {
  const tags = useQuery(taxonomyQueries.tags(siteId))
  const categories = useQuery(taxonomyQueries.categories(siteId))
  const published = useQuery(taxonomyQueries.publishedCounts(siteId))
  const posts = useQuery(taxonomyQueries.posts(siteId))
  const tree = useMemo(() => buildTree(categories.data ?? []), [categories.data])
  const usage = useMemo(() => usageCounts(posts.data ?? []), [posts.data])
  const byId = useMemo(() => new Map((categories.data ?? []).map((c) => [c.id, c])), [categories.data])
  return { tags, categories, published, postsLoaded: posts.data !== undefined, tree, usage, byId }
}

/** The terms a term may be merged into: the others of its kind (categories indented as in the tree). */
function mergeTargets(d: ReturnType<typeof useTaxonomyData>, merging: Merging | null): Array<{ id: string; label: string; name: string }> {
  if (!merging) return []
  if (merging.kind === 'tag') return (d.tags.data ?? []).filter((x) => x.id !== merging.term.id).map((x) => ({ id: x.id, label: x.name, name: x.name }))
  return flatten(d.tree)
    .filter((n) => n.category.id !== merging.term.id)
    .map((n) => ({ id: n.category.id, label: `${'— '.repeat(n.depth)}${n.category.name}`, name: n.category.name }))
}

/**
 * Tags and the category tree with published counts. Create, rename, move (a category's parent), merge into another
 * term (the API's merge extension) and delete; a delete or merge first says whether the term is in use (the posts that
 * carry it, any status, and how many of them are published) and where a category's children go.
 */
export function TaxonomyScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('taxonomy')
  const access = useSiteAccess(siteId)
  const d = useTaxonomyData(siteId)
  const m = useTaxonomyMutations(siteId)
  const [form, setForm] = useState<TermFormMode | null>(null)
  const [deleting, setDeleting] = useState<Deleting | null>(null)
  const [merging, setMerging] = useState<Merging | null>(null)
  const [notice, setNotice] = useState('')
  const [loadError, setLoadError] = useState<unknown>(null)

  const openEdit = async (kind: 'tag' | 'category', id: string, moveOnly = false) => {
    setLoadError(null)
    setNotice('')
    try {
      const got = await getTerm(kind, id)
      setForm(kind === 'tag' ? { kind, record: got.data, etag: got.etag } : { kind, record: got.data as Category, etag: got.etag, moveOnly })
    } catch (e) {
      setLoadError(e)
    }
  }
  const askDeleteCategory = (node: TreeNode<Category>) => {
    const parent = node.category.parent_id ? d.byId.get(node.category.parent_id) : undefined
    setDeleting({ kind: 'category', term: node.category, children: node.children.length, parentName: parent?.name ?? null })
  }
  const deleteMutation = deleting?.kind === 'tag' ? m.deleteTag : m.deleteCategory
  const confirmDelete = () => {
    if (!deleting) return
    const done = { onSuccess: () => (setDeleting(null), setNotice(t('del.deleted', { name: deleting.term.name }))) }
    if (deleting.kind === 'tag') m.deleteTag.mutate(deleting.term.id, done)
    else m.deleteCategory.mutate(deleting.term.id, done)
  }
  const edit = access.canWrite ? openEdit : undefined
  const merge = (into: string) => {
    if (!merging) return
    const name = merging.term.name
    m.merge.mutate(
      { kind: merging.kind, id: merging.term.id, intoId: into },
      { onSuccess: (kept) => (setMerging(null), setNotice(t('merge.done', { name, target: kept.name }))) },
    )
  }
  const canMergeTags = access.canWrite && (d.tags.data?.length ?? 0) > 1
  const canMergeCategories = access.canWrite && (d.categories.data?.length ?? 0) > 1

  return (
    <Stack gap="lg">
      <ScreenHeader siteId={siteId} title={t('title')} />
      <Text size="sm">{t('intro')}</Text>
      <ScreenStatus notice={notice} loadError={loadError} />
      <div className="ui-columns taxonomy-columns">
        <CategoriesPanel
          data={d}
          onNew={access.canWrite ? () => (setNotice(''), setForm({ kind: 'category' })) : undefined}
          onEdit={edit}
          onDelete={askDeleteCategory}
          onMerge={
            canMergeCategories
              ? (n) => (
                  setNotice(''),
                  setMerging({ kind: 'category', term: n.category, used: d.usage.categories.get(n.category.id) ?? 0, children: n.children.length })
                )
              : undefined
          }
        />
        <TagsPanel
          data={d}
          onNew={access.canWrite ? () => (setNotice(''), setForm({ kind: 'tag' })) : undefined}
          onEdit={edit}
          onDelete={(tag) => setDeleting({ kind: 'tag', term: tag })}
          onMerge={canMergeTags ? (tag) => (setNotice(''), setMerging({ kind: 'tag', term: tag, used: d.usage.tags.get(tag.id) ?? 0 })) : undefined}
        />
      </div>
      <MergeDialog
        merging={merging}
        targets={mergeTargets(d, merging)}
        busy={m.merge.isPending}
        error={m.merge.error}
        onMerge={merge}
        onClose={() => (m.merge.reset(), setMerging(null))}
      />
      {form && (
        <TermForm
          mode={form}
          parents={flatten(d.tree)
            .filter((n) => !(form.kind === 'category' && form.record ? selfAndDescendants(d.tree, form.record.id) : new Set<string>()).has(n.category.id))
            .map((n) => ({ id: n.category.id, label: `${'— '.repeat(n.depth)}${n.category.name}` }))}
          onClose={() => setForm(null)}
          onSave={(v, etag) => m.save(form.kind, form.record, v, etag)}
          onSaved={(name) => (setForm(null), setNotice(t('form.saved', { name })))}
        />
      )}
      <DeleteDialog
        opened={deleting !== null}
        title={deleting ? t(deleting.kind === 'tag' ? 'del.tagTitle' : 'del.categoryTitle', { name: deleting.term.name }) : ''}
        confirmLabel={t('del.confirm')}
        mutation={deleteMutation}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <DeleteWarning
            deleting={deleting}
            used={(deleting.kind === 'tag' ? d.usage.tags : d.usage.categories).get(deleting.term.id) ?? 0}
            published={deleting.kind === 'category' ? (d.published.data?.get(deleting.term.id) ?? 0) : undefined}
          />
        )}
      </DeleteDialog>
    </Stack>
  )
}

type Data = ReturnType<typeof useTaxonomyData>
type OpenEdit = (kind: 'tag' | 'category', id: string, moveOnly?: boolean) => Promise<void>

interface PanelProps<T> {
  data: Data
  onNew?: () => void
  onEdit?: OpenEdit
  onDelete: (x: T) => void
  /** Offered when there is another term of the kind to merge into. */
  onMerge?: (x: T) => void
}

/** A kind's panel: its heading (which names the section) with its New button, then its terms. */
function TermPanel({ kind, onNew, children }: { kind: 'categories' | 'tags'; onNew?: () => void; children: ReactNode }) {
  const { t } = useTranslation('taxonomy')
  const id = `taxonomy-${kind}`
  return (
    <section aria-labelledby={id} className="ui-panel">
      <div className="ui-screen-header">
        <Title order={2} size="h3" id={id}>
          {t(`${kind}.title`)}
        </Title>
        {onNew && (
          <Button size="sm" onClick={onNew}>
            {t(`${kind}.new`)}
          </Button>
        )}
      </div>
      {children}
    </section>
  )
}

function CategoriesPanel({ data, onNew, onEdit, onDelete, onMerge }: PanelProps<TreeNode<Category>>) {
  const { t } = useTranslation('taxonomy')
  return (
    <TermPanel kind="categories" onNew={onNew}>
      {/* ListState, not DataTable's states: the categories are nested lists (each level announced with its size), and DataTable is one flat table. */}
      <ListState query={data.categories} empty={data.tree.length === 0} emptyText={t('categories.empty')} loadingText={t('common:loading')}>
        <CategoryTree
          nodes={data.tree}
          label={t('categories.tree')}
          published={data.published.data}
          usage={data.usage.categories}
          onEdit={onEdit}
          onDelete={onDelete}
          onMerge={onMerge}
        />
      </ListState>
    </TermPanel>
  )
}

function TagsPanel({ data, onNew, onEdit, onDelete, onMerge }: PanelProps<Tag>) {
  const { t } = useTranslation('taxonomy')
  return (
    <TermPanel kind="tags" onNew={onNew}>
      <DataTable
        label={t('tags.table')}
        rows={data.tags.data}
        empty={t('tags.empty')}
        error={data.tags.error}
        onRetry={() => void data.tags.refetch()}
        loadingText={t('common:loading')}
        rowKey={(tag) => tag.id}
        columns={[
          { key: 'name', header: t('columns.name'), sortValue: (tag) => tag.name, cell: (tag) => tag.name },
          { key: 'slug', header: t('columns.slug'), sortValue: (tag) => tag.slug, truncate: (tag) => tag.slug, cell: (tag) => tag.slug },
          {
            key: 'used',
            header: t('tags.used'),
            sortValue: (tag) => data.usage.tags.get(tag.id) ?? 0,
            cell: (tag) => (data.postsLoaded ? (data.usage.tags.get(tag.id) ?? 0) : '…'),
          },
        ]}
        actions={onEdit && termActions<Tag>(t, 'tags', { onEdit: (tag) => void onEdit('tag', tag.id), onDelete, onMerge })}
      />
    </TermPanel>
  )
}

function DeleteWarning({ deleting, used, published }: { deleting: Deleting; used: number; published: number | undefined }) {
  const { t } = useTranslation('taxonomy')
  const name = deleting.term.name
  return (
    <Stack gap="xs">
      {used > 0 ? (
        <div className="ui-alert-inline" role="alert" data-testid="in-use-warning">
          <Text size="sm" fw={600}>
            {t('del.inUse', { name, count: used })}
          </Text>
          {published !== undefined && published > 0 && <Text size="sm">{t('del.published', { count: published })}</Text>}
        </div>
      ) : (
        <Text size="sm">{t('del.notUsed')}</Text>
      )}
      {deleting.kind === 'category' && deleting.children > 0 && (
        <Text size="sm">{t('del.children', { count: deleting.children, parent: deleting.parentName ?? t('del.topLevel') })}</Text>
      )}
    </Stack>
  )
}

interface TreeProps {
  nodes: Array<TreeNode<Category>>
  label?: string
  published: Map<string, number> | undefined
  usage: Map<string, number>
  onEdit?: OpenEdit
  onDelete: (n: TreeNode<Category>) => void
  onMerge?: (n: TreeNode<Category>) => void
}

/** Rename, merge and delete of a tag or category, icon buttons named with the term. */
function termActions<R>(
  t: TFunction<'taxonomy'>,
  kind: 'tags' | 'categories',
  on: { onEdit: (r: R) => void; onDelete: (r: R) => void; onMerge?: (r: R) => void },
  nameOf: (r: R) => string = (r) => (r as { name: string }).name,
): RowAction<R>[] {
  const [edit, remove] = editDeleteActions<R>({
    onEdit: on.onEdit,
    editName: (r) => t(`${kind}.rename`, { name: nameOf(r) }),
    onDelete: on.onDelete,
    deleteName: (r) => t(`${kind}.delete`, { name: nameOf(r) }),
  })
  const merge: RowAction<R>[] = on.onMerge
    ? [{ key: 'merge', label: t('mergeButton'), name: (r) => t('merge.open', { name: nameOf(r) }), icon: MergeIcon, onClick: on.onMerge }]
    : []
  return [{ ...edit!, label: t('editButton') }, ...merge, remove!]
}

/** Nested lists: a screen reader announces each level and its size; each row names its counts and actions. */
function CategoryTree({ nodes, label, ...rest }: TreeProps) {
  const { t } = useTranslation('taxonomy')
  const { published, usage, onEdit, onDelete, onMerge } = rest
  return (
    <ul className="taxonomy-tree" aria-label={label}>
      {nodes.map((n) => {
        const c = n.category
        return (
          <li key={c.id}>
            <div className="taxonomy-node">
              <span className="taxonomy-name">{c.name}</span>
              <span className="taxonomy-meta">
                {c.slug} · {t('categories.published', { count: published?.get(c.id) ?? 0 })} · {t('categories.used', { count: usage.get(c.id) ?? 0 })}
              </span>
              {onEdit && (
                <div className="taxonomy-actions">
                  <RowActionIcons
                    row={n}
                    actions={[
                      {
                        key: 'move',
                        label: t('moveButton'),
                        name: (x) => t('categories.move', { name: x.category.name }),
                        icon: MoveIcon,
                        onClick: (x) => void onEdit('category', x.category.id, true),
                      },
                      ...termActions<TreeNode<Category>>(
                        t,
                        'categories',
                        { onEdit: (x) => void onEdit('category', x.category.id), onDelete, onMerge },
                        (x) => x.category.name,
                      ),
                    ]}
                  />
                </div>
              )}
            </div>
            {n.children.length > 0 && <CategoryTree nodes={n.children} {...rest} />}
          </li>
        )
      })}
    </ul>
  )
}
