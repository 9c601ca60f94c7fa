import type { Schemas } from '@atrium-cms/client'
import { Alert, Button, Card, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { signOut } from '../../shared/auth/session'
import { formatDateTime } from '../../shared/i18n/format'
import { DataTable } from '../../shared/ui/DataTable'
import { AnchorLink } from '../../shared/ui/links'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { profileQueries, useDeleteAccount, useExportData } from './api'
import './profile.css'

/** Who I am (profile from the identity provider, or the API key), my sites and roles, my data export, account deletion. */
export function ProfileScreen() {
  const { t } = useTranslation('profile')
  const profile = useQuery(profileQueries.profile())
  const title = t('title')
  return (
    <Stack gap="md">
      <ScreenHeader title={title} />
      {profile.isError ? (
        <ProblemAlert error={profile.error} title={t('loadFailed')} />
      ) : !profile.data ? (
        <Text role="status">{t('loading')}</Text>
      ) : (
        <>
          <AccountCard p={profile.data} />
          {profile.data.auth_method === 'jwt' && <Memberships p={profile.data} />}
          <ExportCard />
          <DeleteCard p={profile.data} />
        </>
      )}
    </Stack>
  )
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="profile-field">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}

function AccountCard({ p }: { p: Schemas['Profile'] }) {
  const { t, i18n } = useTranslation('profile')
  const when = (v: string | null) => (v ? formatDateTime(v, i18n.language) : t('unknown'))
  return (
    <Card withBorder component="section" aria-labelledby="account-heading">
      <Title order={2} size="h4" id="account-heading" mb="xs">
        {t('account')}
      </Title>
      <dl className="profile-fields">
        {p.auth_method === 'jwt' ? (
          <>
            <Field label={t('fields.name')} value={p.name ?? t('unknown')} />
            <Field label={t('fields.email')} value={p.email ?? t('unknown')} />
            <Field label={t('fields.idp_user_id')} value={p.idp_user_id ?? t('unknown')} />
            <Field label={t('fields.user_id')} value={p.user_id ?? t('unknown')} />
            <Field label={t('fields.system_admin')} value={p.is_system_admin ? t('yes') : t('no')} />
            <Field label={t('fields.created_at')} value={when(p.created_at)} />
            <Field label={t('fields.last_sign_in_at')} value={when(p.last_sign_in_at)} />
          </>
        ) : p.api_key ? (
          <>
            <Field label={t('fields.key_name')} value={p.api_key.name} />
            <Field label={t('fields.key_prefix')} value={`${p.api_key.key_prefix}…`} />
            <Field label={t('fields.permission')} value={p.api_key.permission} />
            <Field label={t('fields.scope')} value={p.api_key.site_id ?? t('fields.allSites')} />
            <Field label={t('fields.status')} value={p.api_key.status} />
          </>
        ) : null}
      </dl>
    </Card>
  )
}

function Memberships({ p }: { p: Schemas['Profile'] }) {
  const { t } = useTranslation('profile')
  const list = p.memberships ?? []
  return (
    <Card withBorder component="section" aria-labelledby="memberships-heading">
      <Title order={2} size="h4" id="memberships-heading" mb="xs">
        {t('memberships')}
      </Title>
      {list.length === 0 ? (
        <Text c="dimmed">{t('noMemberships')}</Text>
      ) : (
        <DataTable
          label={t('memberships')}
          rows={list}
          rowKey={(m) => m.site_id}
          columns={[
            {
              key: 'site',
              header: t('columns.site'),
              sortValue: (m) => m.site_name,
              cell: (m) => (
                <AnchorLink to="/sites/$siteId" params={{ siteId: m.site_id }}>
                  {m.site_name}
                </AnchorLink>
              ),
            },
            { key: 'role', header: t('columns.role'), sortValue: (m) => m.role, cell: (m) => m.role },
          ]}
        />
      )}
    </Card>
  )
}

function ExportCard() {
  const { t } = useTranslation('profile')
  const exp = useExportData()
  return (
    <Card withBorder component="section" aria-labelledby="export-heading">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="export-heading">
          {t('export')}
        </Title>
        <Text size="sm">{t('exportText')}</Text>
        <Button variant="default" loading={exp.isPending} onClick={() => exp.mutate()}>
          {t('exportButton')}
        </Button>
        {exp.isSuccess && (
          <Text size="sm" role="status">
            {t('exported', { name: exp.data.name })}
          </Text>
        )}
        {exp.isError && <ProblemAlert error={exp.error} title={t('exportFailed')} />}
      </Stack>
    </Card>
  )
}

function DeleteCard({ p }: { p: Schemas['Profile'] }) {
  const { t } = useTranslation('profile')
  const owned = (p.memberships ?? []).filter((m) => m.role === 'Owner')
  const [confirming, setConfirming] = useState(false)
  const [typed, setTyped] = useState('')
  const del = useDeleteAccount()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const run = () =>
    del.mutate(undefined, {
      onSuccess: () => {
        window.dispatchEvent(new Event('atrium:before-sign-out'))
        signOut()
        queryClient.clear()
        void navigate({ to: '/sign-in', search: { reason: 'signed-out' } })
      },
      onError: () => setConfirming(false),
    })
  return (
    <Card withBorder component="section" aria-labelledby="delete-heading">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="delete-heading">
          {t('delete')}
        </Title>
        {p.auth_method !== 'jwt' ? (
          <Text size="sm">{t('deleteKeyOnly')}</Text>
        ) : (
          <>
            <Text size="sm">{t('deleteText')}</Text>
            {owned.length > 0 ? (
              <Alert color="yellow" variant="light" data-testid="sole-owner">
                <Text size="sm">{t('soleOwner', { count: owned.length })}</Text>
                <List size="sm" mt={4}>
                  {owned.map((m) => (
                    <List.Item key={m.site_id}>
                      <AnchorLink to="/sites/$siteId/$area" params={{ siteId: m.site_id, area: 'members' }}>
                        {t('manageMembers', { site: m.site_name })}
                      </AnchorLink>
                    </List.Item>
                  ))}
                </List>
              </Alert>
            ) : (
              <Button color="red" variant="outline" onClick={() => (setTyped(''), setConfirming(true))}>
                {t('deleteButton')}
              </Button>
            )}
            {del.isError && <ProblemAlert error={del.error} title={t('deleteFailed')} />}
          </>
        )}
      </Stack>
      <Modal lockScroll={false} opened={confirming} onClose={() => setConfirming(false)} title={t('confirmTitle')}>
        <Text mb="sm">{t('confirmText')}</Text>
        <TextInput label={t('confirmLabel')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" mb="md" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
          <Button color="red" disabled={typed !== t('confirmWord')} loading={del.isPending} onClick={run}>
            {t('confirmDelete')}
          </Button>
        </Group>
      </Modal>
    </Card>
  )
}
