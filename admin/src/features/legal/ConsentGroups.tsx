import type { Schemas } from '@atrium-cms/client'
import { Badge, Button, Group, Modal, Stack, Switch, Table, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isSaveConflict, SaveConflict, settleWith, type Held } from '../../shared/editor/SaveConflict'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { deepEqual } from '../../shared/logic/equal'
import { DeleteDialog, useConfirmDelete } from '../../shared/ui/crud'
import { FormActions } from '../../shared/ui/FormActions'
import { fieldErrorsOf, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { useDeleteGroup, useDeleteItem, useSaveGroup, useSaveItem, useSwapGroups } from './api'

type LegalGroup = Schemas['LegalGroup']
type LegalItem = Schemas['LegalItem']
const byOrder = <T extends { display_order: number }>(a: T, b: T) => a.display_order - b.display_order

/** The cookie-consent builder: groups in banner order (moved by buttons, announced), each with its cookies and services. */
export function ConsentGroups({ siteId, doc }: { siteId: string; doc: Schemas['LegalDocumentDetail'] }) {
  const { t } = useTranslation('legal')
  const groups = [...doc.groups].sort(byOrder)
  const [editing, setEditing] = useState<Partial<LegalGroup> | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const swap = useSwapGroups(siteId)
  const remove = useConfirmDelete(useDeleteGroup(siteId), (g: LegalGroup) => g.id)

  const move = (index: number, by: -1 | 1) => {
    const a = groups[index]
    const b = groups[index + by]
    if (!a || !b) return
    swap.mutate([a, b], { onSuccess: () => setAnnouncement(t('moved', { name: a.title, position: index + by + 1, count: groups.length })) })
  }

  return (
    <section aria-labelledby="legal-groups">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="legal-groups">
          {t('groups')}
        </Title>
        <Button variant="light" onClick={() => setEditing({})}>
          {t('addGroup')}
        </Button>
      </Group>
      <Text size="sm" mb="sm">
        {t('groupsIntro')}
      </Text>
      <div aria-live="polite" className="ui-visually-hidden">
        {announcement}
      </div>
      <ProblemAlert error={swap.error} />
      <Stack gap="md">
        {groups.map((g, i) => (
          <div key={g.id} className="legal-group">
            <Group justify="space-between" align="flex-start">
              <div>
                <Title order={3} size="h4">
                  {g.title}
                </Title>
                {g.description && <Text size="sm">{g.description}</Text>}
                <Group gap={6} mt={4}>
                  {g.is_required && <Badge variant="light">{t('required')}</Badge>}
                  {!g.is_required && g.default_enabled && (
                    <Badge variant="light" color="gray">
                      {t('defaultEnabled')}
                    </Badge>
                  )}
                  {g.cookie_name && (
                    <Badge variant="outline" color="gray">
                      {g.cookie_name}
                    </Badge>
                  )}
                </Group>
              </div>
              <Group gap={4}>
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={i === 0 || swap.isPending}
                  onClick={() => move(i, -1)}
                  aria-label={t('moveUp', { name: g.title })}
                >
                  ↑
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={i === groups.length - 1 || swap.isPending}
                  onClick={() => move(i, 1)}
                  aria-label={t('moveDown', { name: g.title })}
                >
                  ↓
                </Button>
                <Button size="compact-sm" variant="subtle" onClick={() => setEditing(g)} aria-label={t('editGroup', { name: g.title })}>
                  ✎
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => remove.ask(g)} aria-label={t('deleteGroup', { name: g.title })}>
                  {t('delete')}
                </Button>
              </Group>
            </Group>
            <GroupItems siteId={siteId} group={g} />
          </div>
        ))}
      </Stack>
      {editing && (
        <GroupForm siteId={siteId} docId={doc.id} group={editing} nextOrder={(groups.at(-1)?.display_order ?? -1) + 1} onClose={() => setEditing(null)} />
      )}
      {remove.target && (
        <DeleteDialog {...remove.dialog} title={t('deleteGroup', { name: remove.target.title })} confirmLabel={t('delete')} cannotUndoNote={false}>
          {t('deleteGroupText')}
        </DeleteDialog>
      )}
    </section>
  )
}

const GROUP_FIELDS = ['title', 'cookie_name', 'description', 'is_required', 'default_enabled'] as const

interface GroupValues {
  title: string
  cookie_name: string
  description: string
  is_required: boolean
  default_enabled: boolean
}
const groupValuesOf = (g: Partial<LegalGroup>): GroupValues => ({
  title: g.title ?? '',
  cookie_name: g.cookie_name ?? '',
  description: g.description ?? '',
  is_required: g.is_required ?? false,
  default_enabled: g.default_enabled ?? false,
})

function GroupForm({
  siteId,
  docId,
  group,
  nextOrder,
  onClose,
}: {
  siteId: string
  docId: string
  group: Partial<LegalGroup>
  nextOrder: number
  onClose: () => void
}) {
  const { t } = useTranslation('legal')
  const save = useSaveGroup(siteId)
  // The version the form edits: the group as loaded, then theirs after a conflict the editor settled.
  const [held, setHeld] = useState<Held<LegalGroup> | undefined>(group.id ? { record: group as LegalGroup } : undefined)
  const [v, setV] = useState(() => groupValuesOf(group))
  const close = useUnsavedEdits(!deepEqual(v, groupValuesOf(group)), onClose)
  const errors = fieldErrorsOf(save.error, GROUP_FIELDS)
  const send = (values: GroupValues, version: Held<LegalGroup> | undefined) =>
    save.mutate(
      {
        docId,
        ...(version ? { held: version } : {}),
        body: {
          title: values.title.trim(),
          cookie_name: values.cookie_name.trim() || null,
          description: values.description.trim() || null,
          is_required: values.is_required,
          default_enabled: values.is_required || values.default_enabled,
          ...(version ? {} : { display_order: nextOrder }),
        },
      },
      { onSuccess: onClose },
    )
  const labels: Record<string, string> = {
    title: t('groupTitle'),
    description: t('groupDescription'),
    cookie_name: t('cookieName'),
    is_required: t('required'),
    default_enabled: t('defaultEnabled'),
  }
  return (
    <Modal opened onClose={close} title={group.id ? t('editGroup', { name: group.title }) : t('addGroup')} size={isSaveConflict(save.error) ? 'lg' : 'md'}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          send(v, held)
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('groupTitle')}
            required
            value={v.title}
            onChange={(e) => setV({ ...v, title: e.currentTarget.value })}
            error={errors.title}
            data-autofocus
          />
          <Textarea
            label={t('groupDescription')}
            value={v.description}
            onChange={(e) => setV({ ...v, description: e.currentTarget.value })}
            error={errors.description}
            autosize
            minRows={2}
          />
          <TextInput
            label={t('cookieName')}
            value={v.cookie_name}
            onChange={(e) => setV({ ...v, cookie_name: e.currentTarget.value })}
            error={errors.cookie_name}
          />
          <Switch
            label={t('required')}
            description={t('requiredHint')}
            checked={v.is_required}
            onChange={(e) => setV({ ...v, is_required: e.currentTarget.checked })}
            error={errors.is_required}
          />
          <Switch
            label={t('defaultEnabled')}
            checked={v.is_required || v.default_enabled}
            disabled={v.is_required}
            onChange={(e) => setV({ ...v, default_enabled: e.currentTarget.checked })}
            error={errors.default_enabled}
          />
          {held && isSaveConflict(save.error) ? (
            <SaveConflict<GroupValues, LegalGroup>
              error={save.error}
              title={t('conflictGroup')}
              base={groupValuesOf(held.record)}
              mine={v}
              valuesOf={groupValuesOf}
              label={(f) => labels[f] ?? f}
              {...settleWith({ setValues: setV, setHeld, send, clearError: save.reset })}
            />
          ) : (
            <ProblemAlert error={save.error} fieldOrder={GROUP_FIELDS} />
          )}
          <FormActions cancelLabel={t('cancel')} onCancel={close} submitLabel={t('save')} busy={save.isPending} />
        </Stack>
      </form>
    </Modal>
  )
}

function GroupItems({ siteId, group }: { siteId: string; group: LegalGroup }) {
  const { t } = useTranslation('legal')
  const items = [...group.items].sort(byOrder)
  const [editing, setEditing] = useState<Partial<LegalItem> | null>(null)
  const remove = useDeleteItem(siteId)
  return (
    <Stack gap="xs" mt="sm">
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noItems')}
        </Text>
      ) : (
        <Table aria-label={t('items', { name: group.title })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('itemName')}</Table.Th>
              <Table.Th scope="col">{t('provider')}</Table.Th>
              <Table.Th scope="col">{t('purpose')}</Table.Th>
              <Table.Th scope="col">{t('expiry')}</Table.Th>
              <Table.Th scope="col">
                <span className="ui-visually-hidden">{t('delete')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.name}</Table.Td>
                <Table.Td>{item.provider}</Table.Td>
                <Table.Td>{item.purpose}</Table.Td>
                <Table.Td>{item.expiry}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="subtle" onClick={() => setEditing(item)} aria-label={t('editItem', { name: item.name })}>
                      ✎
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      loading={remove.isPending && remove.variables === item.id}
                      onClick={() => remove.mutate(item.id)}
                      aria-label={t('deleteItem', { name: item.name })}
                    >
                      ×
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ProblemAlert error={remove.error} />
      <div>
        <Button size="xs" variant="subtle" onClick={() => setEditing({})} aria-label={t('addItem', { name: group.title })}>
          + {t('addItemShort')}
        </Button>
      </div>
      {editing && (
        <ItemForm siteId={siteId} group={group} item={editing} nextOrder={(items.at(-1)?.display_order ?? -1) + 1} onClose={() => setEditing(null)} />
      )}
    </Stack>
  )
}

const ITEM_FIELDS = ['name', 'provider', 'purpose', 'expiry'] as const

type ItemValues = Record<(typeof ITEM_FIELDS)[number], string>
const itemValuesOf = (i: Partial<LegalItem>): ItemValues => ({
  name: i.name ?? '',
  provider: i.provider ?? '',
  purpose: i.purpose ?? '',
  expiry: i.expiry ?? '',
})

function ItemForm({
  siteId,
  group,
  item,
  nextOrder,
  onClose,
}: {
  siteId: string
  group: LegalGroup
  item: Partial<LegalItem>
  nextOrder: number
  onClose: () => void
}) {
  const { t } = useTranslation('legal')
  const save = useSaveItem(siteId)
  // The version the form edits: the item as loaded, then theirs after a conflict the editor settled.
  const [held, setHeld] = useState<Held<LegalItem> | undefined>(item.id ? { record: item as LegalItem } : undefined)
  const [v, setV] = useState(() => itemValuesOf(item))
  const close = useUnsavedEdits(!deepEqual(v, itemValuesOf(item)), onClose)
  const errors = fieldErrorsOf(save.error, ITEM_FIELDS)
  const label = (f: string) => t(f === 'name' ? 'itemName' : f)
  const send = (values: ItemValues, version: Held<LegalItem> | undefined) =>
    save.mutate(
      {
        groupId: group.id,
        ...(version ? { held: version } : {}),
        body: {
          name: values.name.trim(),
          provider: values.provider.trim() || null,
          purpose: values.purpose.trim() || null,
          expiry: values.expiry.trim() || null,
          ...(version ? {} : { display_order: nextOrder }),
        },
      },
      { onSuccess: onClose },
    )
  return (
    <Modal
      opened
      onClose={close}
      title={item.id ? t('editItem', { name: item.name }) : t('addItem', { name: group.title })}
      size={isSaveConflict(save.error) ? 'lg' : 'md'}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault()
          send(v, held)
        }}
      >
        <Stack gap="sm">
          {ITEM_FIELDS.map((f) => (
            <TextInput
              key={f}
              label={label(f)}
              required={f === 'name'}
              value={v[f]}
              onChange={(e) => setV({ ...v, [f]: e.currentTarget.value })}
              error={errors[f]}
              data-autofocus={f === 'name' ? true : undefined}
            />
          ))}
          {held && isSaveConflict(save.error) ? (
            <SaveConflict<ItemValues, LegalItem>
              error={save.error}
              title={t('conflictItem')}
              base={itemValuesOf(held.record)}
              mine={v}
              valuesOf={itemValuesOf}
              label={label}
              {...settleWith({ setValues: setV, setHeld, send, clearError: save.reset })}
            />
          ) : (
            <ProblemAlert error={save.error} fieldOrder={ITEM_FIELDS} />
          )}
          <FormActions cancelLabel={t('cancel')} onCancel={close} submitLabel={t('save')} busy={save.isPending} />
        </Stack>
      </form>
    </Modal>
  )
}
