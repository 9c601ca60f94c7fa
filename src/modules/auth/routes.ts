import type { AppPlugin } from '../../app.js'
import { anyAuth } from '../../http/access.js'
import { op } from '../../http/schemas.js'
import { AuthInfo } from './schemas.js'
import * as auth from './service.js'

export const authRoutes: AppPlugin = async (app) => {
  app.get('/auth/me', { config: { access: anyAuth }, schema: { ...op('getAuthInfo', 'Who is calling: the key or user behind this request'), tags: ['Auth'], response: { 200: AuthInfo } } }, async (req) => auth.me(req.ctx))
}
