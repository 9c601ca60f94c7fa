export * from './sites.js'
export * from './api-keys.js'
export * from './audit.js'
