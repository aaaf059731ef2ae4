import { startBuildChecks } from './build-check'
import { registerServiceWorker } from './service-worker-registration'

/** Everything installable-app related, loaded as its own small chunk once the page is idle. */
export function startPwa(buildId: string): void {
  registerServiceWorker()
  startBuildChecks(buildId)
}
