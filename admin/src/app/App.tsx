import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { queryClient } from './queryClient'
import { router } from './router'
import { colorSchemeManager, createAtriumTheme } from './theme'

export function App() {
  // Re-rendered on a change of language (react-i18next), so dialogs' close buttons are named in the new one.
  const { t } = useTranslation('common')
  const close = t('close')
  const theme = useMemo(() => createAtriumTheme({ close }), [close])
  return (
    // No <style> element from Mantine (the CSP allows styles from 'self' only): its variables come from the CSS files.
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto" withCssVariables={false} withGlobalClasses={false}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  )
}
