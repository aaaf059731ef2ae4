import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** Lints one made-up file at a path of the project, as `npm run lint` would. */
async function lintAt(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath })
  return (result?.messages ?? []).map((message) => message.message)
}

const refused = expect.arrayContaining([expect.stringMatching(/no policy allowing/)])

describe('the import boundaries', () => {
  it('keep the shared folder free of browser and worker code', async () => {
    expect(await lintAt('shared/routes/probe.ts', "import '../../client/app/app'")).toEqual(refused)
    expect(await lintAt('shared/routes/probe.ts', "import '../../worker/env'")).toEqual(refused)
    expect(await lintAt('shared/routes/probe.ts', "import './route-table'")).toEqual([])
  })

  it('let the engine import only itself and the shared folder', async () => {
    expect(await lintAt('worker/portfolio/probe.ts', "import '../db/run-as-user'")).toEqual(refused)
    expect(
      await lintAt('worker/portfolio/probe.ts', "import '../../shared/pricing/plans'"),
    ).toEqual([])
  })

  it('let the worker import the browser code only to render pages', async () => {
    expect(await lintAt('worker/api/probe.ts', "import '../../client/app/app'")).toEqual(refused)
    expect(await lintAt('worker/render/probe.ts', "import '../../client/app/app'")).toEqual([])
  })

  it('let the browser code import only the API’s type from the worker', async () => {
    expect(
      await lintAt('client/api/probe.ts', "import { apiApp } from '../../worker/api'"),
    ).toEqual(refused)
    expect(
      await lintAt('client/api/probe.ts', "import type { ApiApp } from '../../worker/api'"),
    ).toEqual([])
  })
})
