import { AtriumError } from '@atrium-cms/client'
import { loadPreview, type Locale, type PreviewAnswer } from './atrium'
import { failureOf, type Failure } from './failure'
import { pageTitle } from './present'
import { localized, pickLocalization } from './routes'
import { loadNavigation, loadShell, type Navigation, type Shell } from './shell'

export type PreviewModel =
  | { state: 'no-site'; status: number; failure: Failure }
  | {
      state: 'page'
      status: number
      shell: Shell
      nav: Navigation
      locale: Locale
      title: string
      /** The public path of the record (where it will be once published). */
      publicPath: string
      content: { preview: PreviewAnswer } | { failure: Failure }
    }

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/

/** The public path a preview link names (`path`): only a path on this site, never another origin. */
const safePath = (path: string | null) => (path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : '/')

/**
 * GET /api/preview?token=…&path=…: the draft the token opens, exchanged server-side on every request (nothing of it is
 * cached). The site's shared parts (menus, consent) are the published ones from the cache.
 */
export async function buildPreviewModel(url: URL): Promise<PreviewModel> {
  const token = url.searchParams.get('token') ?? ''
  const path = safePath(url.searchParams.get('path'))
  let shell: Shell
  try {
    shell = await loadShell()
  } catch (err) {
    const failure = failureOf(err)
    return { state: 'no-site', status: failure.status, failure }
  }
  const gone = (): Failure => ({
    status: 404,
    title: 'Preview link not valid',
    message: 'This preview link has expired or was revoked. Ask for a new one in Atrium.',
  })
  let answer: PreviewAnswer | null = null
  let failure: Failure | null = null
  if (!TOKEN.test(token)) failure = gone()
  else {
    try {
      answer = await loadPreview(token)
    } catch (err) {
      failure = err instanceof AtriumError && err.status === 404 ? gone() : failureOf(err)
    }
  }
  const locale = shell.locales.find((l) => l.code === answer?.locale) ?? shell.defaultLocale
  const nav = await loadNavigation(shell, locale).catch(() => ({ primary: [], footer: [] }))
  const base = { state: 'page' as const, shell, nav, locale, publicPath: localized(locale, path) }
  if (!answer) return { ...base, status: failure!.status, title: failure!.title, content: { failure: failure! } }
  const title =
    answer.type === 'blog'
      ? (pickLocalization(answer.data.localizations, locale, shell.defaultLocale)?.title ?? 'Untitled')
      : pageTitle(answer.data, locale, shell.defaultLocale)
  return { ...base, status: 200, title: `Preview: ${title}`, content: { preview: answer } }
}
