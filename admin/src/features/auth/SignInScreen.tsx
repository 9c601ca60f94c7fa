import { AtriumError, createAtriumClient } from '@atrium-cms/client'
import { Alert, Button, Center, Checkbox, Divider, Paper, PasswordInput, Stack, Text } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../shared/api/client'
import { sharedQueries } from '../../shared/api/queries'
import { authorizationUrl } from '../../shared/auth/oidc'
import { signIn } from '../../shared/auth/session'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'

interface Props {
  reason: 'expired' | 'signed-out' | undefined
  /** Where to go once signed in (a path below /admin). */
  returnTo: string
  onSignedIn: (returnTo: string) => void
}

/** API key (this tab only) or the identity provider (authorization code + PKCE) when GET /config names one. */
export function SignInScreen({ reason, returnTo, onSignedIn }: Props) {
  const { t } = useTranslation('auth')
  const queryClient = useQueryClient()
  const config = useQuery({ queryKey: ['config'], queryFn: async () => (await api().GET('/api/v1/config')).data!, staleTime: Infinity })
  const [key, setKey] = useState('')
  const [keep, setKeep] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [requestId, setRequestId] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (key.trim() === '') {
      setError(t('required'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      // The key is tried before it is kept: a typo is told here, not by the first screen.
      const me = await createAtriumClient({ baseUrl: window.location.origin, apiKey: key.trim() }).GET('/api/v1/auth/me')
      signIn({ kind: 'api_key', apiKey: key.trim() }, { keep })
      // The shell asks who is signed in first: this answer serves it (one request less before the first screen).
      if (me.data) queryClient.setQueryData(sharedQueries.me().queryKey, me.data)
      onSignedIn(returnTo)
    } catch (err) {
      if (err instanceof AtriumError && err.status === 401) setError(t('invalidKey'))
      else setError(err instanceof AtriumError ? err.title : String(err))
      setRequestId(err instanceof AtriumError ? err.requestId : undefined)
    } finally {
      setBusy(false)
    }
  }

  const oidc = config.data?.oidc
  const withIdp = async () => {
    if (!oidc) return
    setBusy(true)
    try {
      window.location.assign(await authorizationUrl(oidc, returnTo))
    } catch (err) {
      setError(String(err instanceof Error ? err.message : err))
      setBusy(false)
    }
  }

  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%">
        <Stack>
          <ScreenHeader title={t('title')} />
          {reason === 'expired' && <Alert color="yellow">{t('expired')}</Alert>}
          {reason === 'signed-out' && (
            <Alert color="blue" role="status">
              {t('signedOut')}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
              {requestId && (
                <Text size="xs" mt={4}>
                  {t('common:requestId', { id: requestId })}
                </Text>
              )}
            </Alert>
          )}
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack>
              <PasswordInput
                label={t('apiKey')}
                description={t('apiKeyHint')}
                value={key}
                onChange={(e) => setKey(e.currentTarget.value)}
                autoComplete="off"
                required
              />
              <Checkbox label={t('keep')} description={t('keepHint')} checked={keep} onChange={(e) => setKeep(e.currentTarget.checked)} />
              <Button type="submit" loading={busy}>
                {t('signIn')}
              </Button>
            </Stack>
          </form>
          <details className="for-developers">
            <summary>{t('forDevelopers')}</summary>
            <Text size="sm">{t('dev.firstKey')}</Text>
          </details>
          {oidc && (
            <>
              <Divider label={t('or')} labelPosition="center" />
              <Button variant="default" onClick={() => void withIdp()} disabled={busy}>
                {t('withIdp')}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  )
}
