import { ConfigError, redactUrl, serveUntilSignalled } from 'platform'
import { buildApp } from './app.js'
import { loadRecipeManagerConfig } from './config.js'

try {
  const config = loadRecipeManagerConfig()
  const { app } = await buildApp(config)
  const address = await serveUntilSignalled(app, { port: config.PORT, host: config.HOST })
  app.log.info({ address, database: redactUrl(config.DATABASE_URL) }, 'recipe manager ready')
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(2)
  }
  throw error
}
