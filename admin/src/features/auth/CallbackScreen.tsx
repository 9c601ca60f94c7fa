import { Alert, Center, Loader, Stack } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { completeSignIn } from '../../shared/auth/oidc'
import { signIn } from '../../shared/auth/session'
import { PageTitle } from '../../shared/ui/PageTitle'
import { AnchorLink } from '../../shared/ui/links'

/** The identity provider's redirect back (/admin/auth/callback?code&state): trades the code, then goes where sign-in began. */
export function CallbackScreen({ onSignedIn }: { onSignedIn: (returnTo: string) => void }) {
  const { t } = useTranslation('auth')
  const [failure, setFailure] = useState<string | null>(null)
  const started = useRef(false)
  useEffect(() => {
    // Once: the code is single-use (React's development double effects must not spend it twice).
    if (started.current) return
    started.current = true
    completeSignIn(new URLSearchParams(window.location.search))
      .then(({ credential, returnTo }) => {
        signIn(credential)
        onSignedIn(returnTo)
      })
      .catch((err: unknown) => setFailure(err instanceof Error ? err.message : String(err)))
  }, [onSignedIn])
  return (
    <Center component="main" mih="100vh">
      <Stack align="center">
        <PageTitle>{t('callbackTitle')}</PageTitle>
        {failure ? (
          <>
            <Alert color="red" role="alert">
              {t('callbackFailed', { reason: failure })}
            </Alert>
            <AnchorLink to="/sign-in">{t('backToSignIn')}</AnchorLink>
          </>
        ) : (
          <Loader role="progressbar" aria-label={t('common:loading')} />
        )}
      </Stack>
    </Center>
  )
}
