import { redactUrl, runService, serveUntilSignalled } from 'platform'
import { buildApp } from './app.js'
import { loadEnvelopeServiceConfig } from './config.js'

await runService('envelope service', async () => {
  const config = loadEnvelopeServiceConfig()
  const { app, ctx } = await buildApp(config)
  const tls = config.TLS_CERT_FILE !== undefined && config.TLS_KEY_FILE !== undefined
  const plainHttp =
    tls && config.HTTP_PORT !== undefined ? { port: config.HTTP_PORT, host: '127.0.0.1' } : undefined
  const [, browserAddress] = await serveUntilSignalled(app, {
    port: config.PORT,
    host: config.HOST,
    plainHttp,
  })
  app.log.info(
    {
      publicUrl: ctx.publicUrl,
      ...(browserAddress ? { forBrowsers: `${browserAddress}/restapi/docs` } : {}),
      database: redactUrl(config.DATABASE_URL),
    },
    'envelope service ready',
  )
})
