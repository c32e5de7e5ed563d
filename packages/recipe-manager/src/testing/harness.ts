import type { App } from 'platform'
import { buildApp } from '../app.js'
import { loadRecipeManagerConfig } from '../config.js'
import type { ServiceContext } from '../context.js'

export interface TestService {
  app: App
  ctx: ServiceContext
  close(): Promise<void>
}

/** A fully built service on the given database, not listening (use `app.inject`), logging and demo data off. */
export async function startTestService(
  databaseUrl: string,
  env: Record<string, string> = {},
  now?: () => number,
): Promise<TestService> {
  const config = loadRecipeManagerConfig({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    SEED_DEMO_DATA: 'false',
    ...env,
  })
  const { app, ctx } = await buildApp(config, { logLevel: false, ...(now ? { now } : {}) })
  await app.ready()
  return { app, ctx, close: () => app.close() }
}

/** A valid recipe body; override any field. */
export function recipeBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Sopa de lentejas',
    ingredients: ['300 g de lentejas', '1 cebolla'],
    instructions: ['Sofríe la cebolla.', 'Añade las lentejas y cuece 40 minutos.'],
    ...overrides,
  }
}

/** A clock that moves one millisecond per reading, from a fixed instant. */
export function steppingClock(start = Date.UTC(2026, 2, 24, 12)) {
  let now = start
  return () => now++
}
