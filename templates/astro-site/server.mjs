// `npm start`: serves the built site (dist/) on HOST (default: every interface) and PORT (default 8080), then loads
// what every page shows around its content (site, locales, menus, cookie consent) before visitors need it.
process.env.ASTRO_NODE_AUTOSTART = 'disabled'
const { startServer } = await import('./dist/server/entry.mjs')
const { server } = startServer()

server.server.once('listening', async () => {
  const { port } = server.server.address()
  const host = !server.host || server.host === '0.0.0.0' ? '127.0.0.1' : server.host === '::' ? '[::1]' : server.host
  try {
    const answer = await fetch(`http://${host}:${port}/api/warm`)
    if (answer.ok) console.log('[atrium] warm-up done: the site, its locales, menus and cookie consent are cached')
    else console.warn(`[atrium] warm-up: ${answer.status} ${await answer.text()}`)
  } catch (err) {
    console.warn(`[atrium] warm-up failed: ${err instanceof Error ? err.message : String(err)}`)
  }
})
