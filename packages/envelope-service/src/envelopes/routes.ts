import type { App } from 'platform'
import type { ServiceContext } from '../context.js'

// Scaffold: replaced by the envelopes domain's routes.
export async function envelopeRoutes(_app: App, _ctx: ServiceContext) {}
