import { Button, Text, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { lookupPath } from './api'

/** "Test a path": asks the lookup endpoint frontends use, so the answer is the one a visitor would get. */
export function TestPath({ siteId }: { siteId: string }) {
  const { t } = useTranslation('redirects')
  const [path, setPath] = useState('')
  const lookup = useMutation({ mutationFn: (p: string) => lookupPath(siteId, p) })
  const tested = lookup.variables ?? ''
  return (
    <section aria-labelledby="redirects-test-title" className="ui-panel redirects-panel">
      <Title order={2} size="h4" id="redirects-test-title">
        {t('test.title')}
      </Title>
      <form
        className="redirects-test-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (path.trim() !== '') lookup.mutate(path.trim())
        }}
      >
        <TextInput label={t('test.path')} placeholder="/old-page" value={path} onChange={(e) => setPath(e.currentTarget.value)} maxLength={2000} />
        <Button type="submit" variant="default" loading={lookup.isPending}>
          {t('test.run')}
        </Button>
      </form>
      <div role="status" aria-live="polite">
        {lookup.isSuccess &&
          (lookup.data ? (
            <Text size="sm" data-testid="test-result">
              {t('test.hit', { path: tested, destination: lookup.data.destination_path, code: lookup.data.status_code })}
            </Text>
          ) : (
            <Text size="sm" data-testid="test-result">
              {t('test.miss', { path: tested })}
            </Text>
          ))}
      </div>
      {lookup.isError && <ProblemAlert error={lookup.error} />}
    </section>
  )
}
