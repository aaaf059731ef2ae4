// The API's request and response shapes: the worker validates with them, generates the OpenAPI
// document from them, and the forms validate with the same ones.
export * from './billing'
export * from './common'
export * from './currencies'
export * from './export'
export * from './fx'
export * from './instrument'
export * from './instrument-lookup'
export * from './portfolio'
export * from './quote'
export * from './report'
export * from './transaction'
export * from './import'
