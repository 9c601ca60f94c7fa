import type { APIRoute } from 'astro'
import { loadConsent } from '../../lib/atrium'
import { consentCookieName, consentValue } from '../../lib/consent'

/** The cookie banner without JavaScript: stores the choice in the consent cookie and goes back to the page. */
export const POST: APIRoute = async ({ request, cookies, redirect }) => {
  // Only this site's own pages may post here (browsers send Origin with every form post).
  const origin = request.headers.get('origin')
  if (origin === null || URL.parse(origin)?.host !== request.headers.get('host'))
    return new Response('Cross-site form submissions are forbidden', { status: 403 })
  const form = await request.formData()
  const back = String(form.get('return') ?? '/')
  const returnTo = back.startsWith('/') && !back.startsWith('//') ? back : '/'
  const doc = await loadConsent()
  if (doc) {
    const choice = String(form.get('choice'))
    const value = consentValue(doc, choice === 'all' || choice === 'necessary' ? choice : 'selected', form.getAll('group').map(String))
    cookies.set(consentCookieName(doc), value, {
      path: '/',
      maxAge: 15_552_000,
      sameSite: 'lax',
      secure: new URL(request.url).protocol === 'https:',
      encode: (v) => v,
    })
  }
  return redirect(returnTo, 303)
}
