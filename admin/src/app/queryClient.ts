import { AtriumError } from '@atrium-cms/client'
import { QueryClient } from '@tanstack/react-query'

/** Client errors (4xx) are answers, not hiccups: retried never; network failures and 5xx twice. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, err) => count < 2 && !(err instanceof AtriumError && err.status >= 400 && err.status < 500),
    },
  },
})
