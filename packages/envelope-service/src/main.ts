import { ConfigError, redactUrl, serveUntilSignalled } from 'platform'
import { buildApp } from './app.js'
import { loadEnvelopeServiceConfig } from './config.js'

try {
  const config = loadEnvelopeServiceConfig()
  const { app, ctx } = await buildApp(config)
  await serveUntilSignalled(app, { port: config.PORT, host: config.HOST })
  app.log.info(
    { publicUrl: ctx.publicUrl, database: redactUrl(config.DATABASE_URL) },
    'envelope service ready',
  )
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(2)
  }
  throw error
}
