import type { App } from 'platform'
import type { ServiceContext } from '../context.js'

// Scaffold: replaced by the identity domain's routes.
export async function identityRoutes(_app: App, _ctx: ServiceContext) {}
