import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ForDevelopers } from '../../shared/ui/ForDevelopers'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { sharedQueries } from '../../shared/api/queries'
import { toFormError } from '../../shared/logic/errors'
import { ConfirmModal } from '../../shared/ui/ConfirmModal'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { menuResource, navQueries, WELL_KNOWN_MENUS, type Menu } from './api'
import { MenuEditor } from './MenuEditor'
import '../../shared/ui/lists.css'
import './navigation.css'

/** `/sites/$siteId/navigation`: the site's menus (primary and footer explained), and the chosen one's item tree. */
export function NavigationScreen({
  siteId,
  menuId,
  onSelectMenu,
}: {
  siteId: string
  menuId: string | undefined
  onSelectMenu: (id: string | undefined) => void
}) {
  const { t } = useTranslation('navigation')
  const menuWrites = menuResource.useMutations(siteId)
  const settings = useQuery(sharedQueries.settings(siteId))
  const menus = useQuery(navQueries.menus(siteId))
  const locales = useQuery(navQueries.locales(siteId))
  const pages = useQuery(navQueries.pages(siteId))
  const [deleting, setDeleting] = useState<Menu | undefined>(undefined)
  const title = t('title')
  const failed = menus.error ?? locales.error ?? settings.error ?? pages.error
  const current = menus.data?.find((m) => m.id === menuId) ?? menus.data?.find((m) => m.slug === 'primary') ?? menus.data?.[0]
  const defaultLocaleId = settings.data?.default_locale_id ?? locales.data?.find((l) => l.is_default)?.id ?? ''

  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={title} />
      <div>
        <Text size="sm" maw="60rem">
          {t('intro')}
        </Text>
        <ForDevelopers>{t('dev.primaryEndpoint')}</ForDevelopers>
      </div>
      {failed ? (
        <Alert color="red" role="alert" title={t('loadFailed')}>
          {failed.message}
        </Alert>
      ) : !menus.data || !locales.data || !pages.data || !settings.data ? (
        <Text role="status">{t('common:loading')}</Text>
      ) : (
        <div className="nav-layout">
          <Stack gap="sm" component="section" aria-labelledby="menus-heading">
            <Title order={2} size="h4" id="menus-heading">
              {t('menus')}
            </Title>
            {menus.data.length === 0 && <Text size="sm">{t('noMenus')}</Text>}
            <MenuList menus={menus.data} current={current} onSelect={onSelectMenu} />
            <CreateMenu
              createMenu={(body) => menuWrites.create.mutateAsync(body)}
              missing={WELL_KNOWN_MENUS.filter((s) => !menus.data.some((m) => m.slug === s))}
              onCreated={(m) => onSelectMenu(m.id)}
            />
            {current && (
              <Button variant="default" color="red" onClick={() => setDeleting(current)}>
                {t('deleteMenu')}
              </Button>
            )}
          </Stack>
          <section aria-label={current ? t('editing', { name: current.name, slug: current.slug }) : t('menus')}>
            {current && (
              <MenuEditor key={current.id} siteId={siteId} menu={current} locales={locales.data} defaultLocaleId={defaultLocaleId} pages={pages.data} />
            )}
          </section>
        </div>
      )}
      <ConfirmModal
        opened={deleting !== undefined}
        title={t('deleteMenu')}
        confirmLabel={t('confirm')}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => {
          const d = deleting
          setDeleting(undefined)
          // The menus refresh as the delete settles (shared/api/resource), then the screen shows the primary one.
          if (d) void menuWrites.remove.mutateAsync(d.id).then(() => onSelectMenu(undefined))
        }}
      >
        {deleting ? t('confirmDeleteMenu', { name: deleting.name }) : ''}
      </ConfirmModal>
    </Stack>
  )
}

function CreateMenu({
  createMenu,
  missing,
  onCreated,
}: {
  createMenu: (body: { name: string; slug?: string }) => Promise<Menu>
  missing: readonly string[]
  onCreated: (m: Menu) => void
}) {
  const { t } = useTranslation('navigation')
  const [name, setName] = useState('')
  const [slug, setSlug] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | undefined>(undefined)
  useUnsavedEdits(name !== '' || slug !== '')
  const create = async (body: { name: string; slug?: string }) => {
    setFailure(undefined)
    try {
      const m = await createMenu(body)
      setName('')
      setSlug('')
      setErrors({})
      onCreated(m)
    } catch (e) {
      const fe = toFormError(e)
      setErrors(fe.fieldErrors)
      setFailure(`${t(`editor:${fe.formMessageKey}`, fe.formMessageParams)}${fe.requestId ? ` · ${t('editor:requestId', { id: fe.requestId })}` : ''}`)
    }
  }
  return (
    <Stack gap="xs">
      {missing.map((s) => (
        <Button key={s} variant="default" onClick={() => void create({ name: s === 'primary' ? 'Primary' : 'Footer', slug: s })}>
          {t('createWellKnown', { slug: s })}
        </Button>
      ))}
      <Paper
        withBorder
        p="sm"
        component="form"
        aria-labelledby="new-menu-heading"
        onSubmit={(e) => {
          e.preventDefault()
          if (name.trim() === '') {
            setErrors({ name: t('required') })
            return
          }
          void create({ name: name.trim(), ...(slug.trim() ? { slug: slug.trim() } : {}) })
        }}
      >
        <Title order={3} size="h6" id="new-menu-heading" mb="xs">
          {t('newMenu')}
        </Title>
        {failure && (
          <Alert color="red" role="alert" mb="xs">
            {failure}
          </Alert>
        )}
        <TextInput label={t('menuName')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} required />
        <TextInput
          label={t('menuSlug')}
          description={t('menuSlugHint')}
          value={slug}
          onChange={(e) => setSlug(e.currentTarget.value)}
          error={errors.slug}
          mt="xs"
        />
        <Button type="submit" variant="default" mt="xs">
          {t('createMenu')}
        </Button>
      </Paper>
    </Stack>
  )
}

function MenuList({ menus, current, onSelect }: { menus: Menu[]; current: Menu | undefined; onSelect: (id: string) => void }) {
  const { t } = useTranslation('navigation')
  return (
    <ul className="ui-stack-list">
      {menus.map((m) => (
        <li key={m.id}>
          <Button
            fullWidth
            justify="flex-start"
            variant={m.id === current?.id ? 'filled' : 'default'}
            aria-current={m.id === current?.id ? 'true' : undefined}
            onClick={() => onSelect(m.id)}
          >
            {m.name} ({m.slug})
          </Button>
          <Text size="xs" c="dimmed" mt={2}>
            {m.slug === 'primary' || m.slug === 'footer' ? t(`wellKnown.${m.slug}`) : t('otherMenu')}
          </Text>
        </li>
      ))}
    </ul>
  )
}
