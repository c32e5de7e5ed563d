export * from './databases.js'
export * from './json.js'
