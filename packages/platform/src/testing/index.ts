export * from './databases.js'
export * from './json.js'
export * from './openapi.js'
