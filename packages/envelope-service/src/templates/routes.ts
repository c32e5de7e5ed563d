import type { App } from 'platform'
import type { ServiceContext } from '../context.js'

// Scaffold: replaced by the templates domain's routes.
export async function templateRoutes(_app: App, _ctx: ServiceContext) {}
