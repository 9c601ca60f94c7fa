import { ActionIcon, Button, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { useSiteAccess } from '../../shared/api/useSiteAccess'
import { ConfirmModal } from '../../shared/ui/ConfirmModal'
import { PageTitle } from '../../shared/ui/PageTitle'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { getTerm, taxonomyQueries, useTaxonomyMutations, type Category, type Tag } from './api'
import { TermForm, type TermFormMode } from './TermForm'
import { buildTree, flatten, selfAndDescendants, usageCounts, type TreeNode } from './tree'

type Deleting = { kind: 'tag'; term: Tag } | { kind: 'category'; term: Category; children: number; parentName: string | null }

/**
 * Tags and the category tree with published counts. Create, rename, move (a category's parent) and delete; a delete
 * first says whether the term is in use (the posts that carry it, any status, and how many of them are published)
 * and where a category's children go. The API has no merge of terms (see the note on screen).
 */
export function TaxonomyScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('taxonomy')
  const site = useQuery(sharedQueries.site(siteId))
  const access = useSiteAccess(siteId)
  const tags = useQuery(taxonomyQueries.tags(siteId))
  const categories = useQuery(taxonomyQueries.categories(siteId))
  const published = useQuery(taxonomyQueries.publishedCounts(siteId))
  const posts = useQuery(taxonomyQueries.posts(siteId))
  const m = useTaxonomyMutations(siteId)
  const [form, setForm] = useState<TermFormMode | null>(null)
  const [deleting, setDeleting] = useState<Deleting | null>(null)
  const [notice, setNotice] = useState('')
  const [loadError, setLoadError] = useState<unknown>(null)

  const tree = useMemo(() => buildTree(categories.data ?? []), [categories.data])
  const usage = useMemo(() => usageCounts(posts.data ?? []), [posts.data])
  const byId = useMemo(() => new Map((categories.data ?? []).map((c) => [c.id, c])), [categories.data])

  const parentChoices = (exclude: Set<string>) =>
    flatten(tree)
      .filter((n) => !exclude.has(n.category.id))
      .map((n) => ({ id: n.category.id, label: `${'— '.repeat(n.depth)}${n.category.name}` }))

  const openEdit = async (kind: 'tag' | 'category', id: string, moveOnly = false) => {
    setLoadError(null)
    setNotice('')
    try {
      const got = await getTerm(kind, id)
      setForm(kind === 'tag' ? { kind, record: got.data as Tag, etag: got.etag } : { kind, record: got.data as Category, etag: got.etag, moveOnly })
    } catch (e) {
      setLoadError(e)
    }
  }
  const askDeleteCategory = (node: TreeNode<Category>) => {
    const parent = node.category.parent_id ? byId.get(node.category.parent_id) : undefined
    setDeleting({ kind: 'category', term: node.category, children: node.children.length, parentName: parent?.name ?? null })
  }
  const confirmDelete = () => {
    if (!deleting) return
    const name = deleting.term.name
    const done = { onSuccess: () => (setDeleting(null), setNotice(t('del.deleted', { name }))) }
    if (deleting.kind === 'tag') m.deleteTag.mutate(deleting.term.id, done)
    else m.deleteCategory.mutate(deleting.term.id, done)
  }
  const deleteMutation = deleting?.kind === 'tag' ? m.deleteTag : m.deleteCategory
  const title = t('title')

  return (
    <Stack gap="lg">
      <PageTitle documentTitle={`${title}${site.data ? ` · ${site.data.name}` : ''}`}>{title}</PageTitle>
      <Text size="sm">{t('intro')}</Text>
      <Text role="status" aria-live="polite" size="sm">
        {notice}
      </Text>
      {loadError !== null && <ProblemAlert error={loadError} />}

      <div className="taxonomy-columns">
        <section aria-labelledby="taxonomy-categories" className="taxonomy-panel">
          <div className="ui-screen-header">
            <Title order={2} size="h3" id="taxonomy-categories">
              {t('categories.title')}
            </Title>
            {access.canWrite && (
              <Button size="sm" onClick={() => (setNotice(''), setForm({ kind: 'category' }))}>
                {t('categories.new')}
              </Button>
            )}
          </div>
          {categories.isError ? (
            <ProblemAlert error={categories.error} onRetry={() => void categories.refetch()} />
          ) : !categories.data ? (
            <Text role="status">{t('common:loading')}</Text>
          ) : tree.length === 0 ? (
            <Text>{t('categories.empty')}</Text>
          ) : (
            <CategoryTree
              nodes={tree}
              label={t('categories.tree')}
              published={published.data}
              usage={usage.categories}
              canWrite={access.canWrite}
              onEdit={(c) => void openEdit('category', c.id)}
              onMove={(c) => void openEdit('category', c.id, true)}
              onDelete={askDeleteCategory}
            />
          )}
        </section>

        <section aria-labelledby="taxonomy-tags" className="taxonomy-panel">
          <div className="ui-screen-header">
            <Title order={2} size="h3" id="taxonomy-tags">
              {t('tags.title')}
            </Title>
            {access.canWrite && (
              <Button size="sm" onClick={() => (setNotice(''), setForm({ kind: 'tag' }))}>
                {t('tags.new')}
              </Button>
            )}
          </div>
          {tags.isError ? (
            <ProblemAlert error={tags.error} onRetry={() => void tags.refetch()} />
          ) : !tags.data ? (
            <Text role="status">{t('common:loading')}</Text>
          ) : tags.data.length === 0 ? (
            <Text>{t('tags.empty')}</Text>
          ) : (
            <div className="ui-table-wrap">
              <Table aria-label={t('tags.table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('columns.name')}</Table.Th>
                    <Table.Th scope="col">{t('columns.slug')}</Table.Th>
                    <Table.Th scope="col">{t('tags.used')}</Table.Th>
                    {access.canWrite && <Table.Th scope="col">{t('columns.actions')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tags.data.map((tag) => (
                    <Table.Tr key={tag.id}>
                      <Table.Th scope="row">{tag.name}</Table.Th>
                      <Table.Td>{tag.slug}</Table.Td>
                      <Table.Td>{posts.data ? (usage.tags.get(tag.id) ?? 0) : '…'}</Table.Td>
                      {access.canWrite && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Button size="compact-sm" variant="default" aria-label={t('tags.rename', { name: tag.name })} onClick={() => void openEdit('tag', tag.id)}>
                              {t('editButton')}
                            </Button>
                            <DeleteIcon label={t('tags.delete', { name: tag.name })} onClick={() => setDeleting({ kind: 'tag', term: tag })} />
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
        </section>
      </div>
      <Text size="xs" c="dimmed">
        {t('noMerge')}
      </Text>

      {form && (
        <TermForm
          mode={form}
          parents={form.kind === 'category' ? parentChoices(form.record ? selfAndDescendants(tree, form.record.id) : new Set()) : []}
          onClose={() => setForm(null)}
          onSave={(v, etag) =>
            form.kind === 'tag'
              ? form.record
                ? m.updateTag.mutateAsync({ id: form.record.id, v, etag })
                : m.createTag.mutateAsync(v)
              : form.record
                ? m.updateCategory.mutateAsync({ id: form.record.id, v, etag })
                : m.createCategory.mutateAsync(v)
          }
          onSaved={(name) => (setForm(null), setNotice(t('form.saved', { name })))}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={deleting ? t(deleting.kind === 'tag' ? 'del.tagTitle' : 'del.categoryTitle', { name: deleting.term.name }) : ''}
        confirmLabel={t('del.confirm')}
        busy={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onClose={() => (m.deleteTag.reset(), m.deleteCategory.reset(), setDeleting(null))}
      >
        {deleting && <DeleteWarning deleting={deleting} used={(deleting.kind === 'tag' ? usage.tags : usage.categories).get(deleting.term.id) ?? 0} published={deleting.kind === 'category' ? (published.data?.get(deleting.term.id) ?? 0) : undefined} />}
        {deleteMutation.isError && <ProblemAlert error={deleteMutation.error} />}
      </ConfirmModal>
    </Stack>
  )
}

function DeleteIcon({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" aria-label={label} onClick={onClick}>
        <span aria-hidden="true">✕</span>
      </ActionIcon>
    </Tooltip>
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
  canWrite: boolean
  onEdit: (c: Category) => void
  onMove: (c: Category) => void
  onDelete: (n: TreeNode<Category>) => void
}

/** Nested lists: a screen reader announces each level and its size; each row names its counts and actions. */
function CategoryTree({ nodes, label, ...rest }: TreeProps) {
  const { t } = useTranslation('taxonomy')
  const { published, usage, canWrite, onEdit, onMove, onDelete } = rest
  return (
    <ul className="taxonomy-tree" aria-label={label}>
      {nodes.map((n) => (
        <li key={n.category.id}>
          <div className="taxonomy-node">
            <span className="taxonomy-name">{n.category.name}</span>
            <span className="taxonomy-meta">
              {n.category.slug} · {t('categories.published', { count: published?.get(n.category.id) ?? 0 })} · {t('categories.used', { count: usage.get(n.category.id) ?? 0 })}
            </span>
            {canWrite && (
              <Group gap={4} wrap="nowrap" className="taxonomy-actions">
                <Button size="compact-sm" variant="default" aria-label={t('categories.rename', { name: n.category.name })} onClick={() => onEdit(n.category)}>
                  {t('editButton')}
                </Button>
                <Button size="compact-sm" variant="default" aria-label={t('categories.move', { name: n.category.name })} onClick={() => onMove(n.category)}>
                  {t('moveButton')}
                </Button>
                <DeleteIcon label={t('categories.delete', { name: n.category.name })} onClick={() => onDelete(n)} />
              </Group>
            )}
          </div>
          {n.children.length > 0 && <CategoryTree nodes={n.children} {...rest} />}
        </li>
      ))}
    </ul>
  )
}
