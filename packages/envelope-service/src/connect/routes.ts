import type { App } from 'platform'
import type { ServiceContext } from '../context.js'

// Scaffold: replaced by the connect domain's routes.
export async function connectRoutes(_app: App, _ctx: ServiceContext) {}
