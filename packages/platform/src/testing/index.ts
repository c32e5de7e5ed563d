export * from './databases.js'
