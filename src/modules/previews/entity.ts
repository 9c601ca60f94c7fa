import { defineEntity } from '../../core/entities.js'
import { siteOwned } from '../../core/scopes.js'
import { previews } from '../../db/schema/previews.js'

/** A preview token of one record (README "Previews"); revoking deletes it, so its scope resolves to nothing after. */
export const previewEntity = defineEntity({ name: 'preview', label: 'preview', scope: siteOwned(previews) })
