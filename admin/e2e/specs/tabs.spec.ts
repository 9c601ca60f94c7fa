import { expect, test } from '../fixtures'
import { BlogEditor } from '../pages/BlogEditor'
import { Shell } from '../pages/Shell'
import { SignInPage } from '../pages/SignIn'

test('a new tab opens where its link points, signed in by an open tab; signing out in one signs out all', async ({ page, context, site, signInWithKey }) => {
  await signInWithKey(page)
  const shell = new Shell(page)
  await shell.gotoDashboard(site.id)
  await expect(shell.heading).toContainText('Dashboard')

  // A middle-clicked or pasted link in a second tab of the same browser: no sign-in prompt, the post itself.
  const second = await context.newPage()
  const editor = new BlogEditor(second)
  await second.goto(`/admin/sites/${site.id}/blogs/${site.posts.draft}`)
  await expect(editor.body).toBeVisible()
  await expect(second).toHaveURL(new RegExp(`/blogs/${site.posts.draft}$`))

  // Sign-out in the second tab: the first returns to sign-in too.
  await new Shell(second).signOut()
  await expect(new SignInPage(second).heading).toBeVisible()
  await expect(new SignInPage(page).heading).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible()

  // With no signed-in tab left, a new tab asks for the key.
  const third = await context.newPage()
  await third.goto(`/admin/sites/${site.id}`)
  await expect(new SignInPage(third).heading).toBeVisible()
})

test('"Keep me signed in on this device" survives a new browser session until sign-out', async ({ page, context, site, masterKey }) => {
  const signIn = new SignInPage(page)
  await page.goto(`/admin/sites/${site.id}`)
  await expect(page.getByRole('checkbox', { name: 'Keep me signed in on this device' })).not.toBeChecked()
  await page.getByRole('checkbox', { name: 'Keep me signed in on this device' }).check()
  await signIn.signIn(masterKey)
  await expect(new Shell(page).heading).toContainText('Dashboard')
  await page.close()

  // No tab open (sessionStorage gone): the kept key signs the new tab in.
  const next = await context.newPage()
  await next.goto(`/admin/sites/${site.id}`)
  await expect(new Shell(next).heading).toContainText('Dashboard')
  await new Shell(next).signOut()
  await expect(new SignInPage(next).heading).toBeVisible()
  expect(await next.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('credential')))).toEqual([])
})
