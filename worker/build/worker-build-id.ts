// Replaced in the built worker by a hash of its code (scripts/vite/worker-build-id-plugin.ts).
const built = '__KIYMET_WORKER_BUILD_ID__'
// Spelled in parts, so the build's replacement leaves this one as it is.
const unbuilt = ['__KIYMET', 'WORKER', 'BUILD', 'ID__'].join('_')

/**
 * Which code this worker runs: the build's hash; unbuilt (the dev server, which reloads edited
 * code), a new id each time the module loads.
 */
export const WORKER_BUILD_ID = built === unbuilt ? crypto.randomUUID() : built
