/**
 * Runs the ceiling server as its own process (so it can be pinned like the service under test).
 * Usage: PORT=<port> node --import tsx ceiling-server.ts <routes.json>, routes.json holding CeilingRoute[].
 */
import { readFileSync } from 'node:fs'
import { type CeilingRoute, createCeilingServer } from './ceiling.js'

const routesPath = process.argv[2]
if (!routesPath) throw new Error('usage: ceiling-server.ts <routes.json>')
const server = createCeilingServer(JSON.parse(readFileSync(routesPath, 'utf8')) as CeilingRoute[])
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
