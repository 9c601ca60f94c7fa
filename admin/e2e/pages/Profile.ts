import type { Locator, Page } from '@playwright/test'

export class NotificationsPage {
  readonly heading: Locator
  readonly list: Locator
  readonly unread: Locator
  readonly markAll: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Notifications' })
    this.list = page.getByRole('list', { name: 'Notifications' })
    this.unread = page.getByTestId('unread-count')
    this.markAll = page.getByRole('button', { name: 'Mark all as read' })
  }

  item(title: string | RegExp): Locator {
    return this.list.getByRole('listitem').filter({ hasText: title })
  }
}

export class ProfilePage {
  readonly heading: Locator
  readonly memberships: Locator
  readonly download: Locator
  readonly soleOwner: Locator
  readonly deleteAccount: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Your profile' })
    this.memberships = page.getByRole('table', { name: 'Your sites and roles' })
    this.download = page.getByRole('button', { name: 'Download my data' })
    this.soleOwner = page.getByTestId('sole-owner')
    this.deleteAccount = page.getByRole('button', { name: 'Delete my account' })
  }
}
