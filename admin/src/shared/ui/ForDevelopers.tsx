import { Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './opsMessages'

/**
 * Developer details (API paths, variables) behind a closed disclosure, so editor-facing text stays in the editor's
 * language. Its text comes from a message key under `dev` (the messages test lets only those name paths and variables).
 */
export function ForDevelopers({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ops')
  return (
    <details className="for-developers">
      <summary>{t('forDevelopers')}</summary>
      <Text size="sm">{children}</Text>
    </details>
  )
}
