import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

/** How many of the slowest test files the summary names. */
const SHOWN = 10

/**
 * After the run, the test files that took longest (setup, import and tests), so the suite's
 * time (the README: under 12 minutes on CI) is watched where it goes. Vitest's own
 * reporters name slow tests, not files.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules.map((module) => {
      const diagnostic = module.diagnostic()
      const total =
        diagnostic.environmentSetupDuration +
        diagnostic.prepareDuration +
        diagnostic.collectDuration +
        diagnostic.setupDuration +
        diagnostic.duration
      return { name: `${module.project.name}: ${relative(process.cwd(), module.moduleId)}`, total }
    })
    const slowest = timed.sort((a, b) => b.total - a.total).slice(0, SHOWN)
    if (slowest.length === 0) return
    console.log(`\nSlowest test files (of ${timed.length}):`)
    for (const { name, total } of slowest) {
      console.log(`  ${(total / 1000).toFixed(1).padStart(6)} s  ${name}`)
    }
  }
}
