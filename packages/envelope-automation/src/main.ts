import { redactUrl, runService, serveUntilSignalled } from 'platform'
import { buildConsoleApp } from './console/app.js'
import { loadConsoleConfig } from './console/config.js'
import { CONNECT_LISTENER_PATH } from './listener/routes.js'

await runService('automation console', async () => {
  const config = loadConsoleConfig()
  const { app } = await buildConsoleApp(config)
  const [address] = await serveUntilSignalled(app, { port: config.PORT, host: config.HOST })
  app.log.info(
    {
      address,
      completionListener: `${address}${CONNECT_LISTENER_PATH}`,
      database: redactUrl(config.DATABASE_URL),
    },
    'automation console ready',
  )
})
