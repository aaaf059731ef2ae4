import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { updateDevVars } from './dev-vars'

describe('updateDevVars', () => {
  let dir = ''
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('creates the file, then replaces only its own keys', async () => {
    dir = await mkdtemp(join(tmpdir(), 'dev-vars-'))
    const file = join(dir, '.dev.vars')
    await updateDevVars(file, { SUPABASE_URL: 'http://127.0.0.1:54321', SUPABASE_ANON_KEY: 'a' })
    await writeFile(file, (await readFile(file, 'utf8')) + '# kept\nOTHER="x"\n')
    await updateDevVars(file, { SUPABASE_ANON_KEY: 'b' })
    expect(await readFile(file, 'utf8')).toBe(
      'SUPABASE_URL="http://127.0.0.1:54321"\nSUPABASE_ANON_KEY="b"\n# kept\nOTHER="x"\n',
    )
  })
})
