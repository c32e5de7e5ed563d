import { redactUrl, runService, serveUntilSignalled } from 'platform'
import { buildApp } from './app.js'
import { loadRecipeManagerConfig } from './config.js'

await runService('recipe manager', async () => {
  const config = loadRecipeManagerConfig()
  const { app } = await buildApp(config)
  const [address] = await serveUntilSignalled(app, { port: config.PORT, host: config.HOST })
  app.log.info(
    { address, docs: `${address}/docs`, database: redactUrl(config.DATABASE_URL) },
    'recipe manager ready',
  )
})
