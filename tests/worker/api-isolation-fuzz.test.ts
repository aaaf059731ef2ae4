import fc from 'fast-check'
import postgres from 'postgres'
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  inject,
  it,
  vi,
} from 'vitest'
import {
  NOT_JSON_WRITES,
  operationsOf,
  RESOURCES,
  type OpenApiDocument,
  type Operation,
  type Resource,
} from './api-fuzz/api-operations'
import {
  badBodies,
  isFreeText,
  leavesOf,
  schemaAt,
  withoutValueAt,
  withValueAt,
} from './api-fuzz/bad-inputs'
import {
  callApi,
  callerOf,
  enrollTotp,
  plantInvoice,
  plantTaxYear,
  plantUser,
  userRowsDigest,
  type Caller,
  type AuthMode,
  type FuzzUser,
} from './api-fuzz/fuzz-users'
import {
  callOf,
  requestsOf,
  stringsOf,
  withUnknownIds,
  type FuzzRequest,
  type IdPools,
} from './api-fuzz/fuzz-requests'
import { arbitraryOf, type JsonSchema } from './api-fuzz/json-schema-arbitrary'
import { backend, request } from './auth-backend'

// The API under attack, in workerd against the real auth server and Postgres: four users with
// planted rows (unique texts and figures in each), every operation of the OpenAPI document driven
// with path ids of the caller's own, another user's, unknown and malformed, and bodies from its
// schemas (valid, or broken in one place). No answer may carry another user's data, another user's
// id must answer exactly as an unknown one, and nobody else's rows may change. Then every write
// gets the bad-input classes with the caller's own ids: refused with 4xx and the error shape,
// nothing written. `npm run fuzz:api` runs the long mode (FUZZ_RUNS, FUZZ_SEED).

const { runs, seed } = inject('fuzz')
const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })

interface Actor {
  caller: Caller
  modes: AuthMode[]
  /** Whose rows this caller may see (their own, unless a second factor is still owed). */
  sees: FuzzUser[]
  /** Whose rows must not change while this caller acts. */
  guards: FuzzUser[]
}

let users: FuzzUser[]
let actors: Actor[]
let document: OpenApiDocument
let operations: Operation[]
let undrivable: string[]
let catalog: string[]

const resolveRef = (ref: string): JsonSchema => {
  const name = ref.replace('#/components/schemas/', '')
  const schema = document.components?.schemas?.[name]
  if (!schema) throw new Error(`unresolved ${ref}`)
  return schema
}

async function catalogId(code: string): Promise<string> {
  const [row] = await admin<{ id: string }[]>`
    select id from public.instruments where owner_id is null and code = ${code}
  `
  if (!row) throw new Error(`no catalog instrument ${code}`)
  return row.id
}

function idsOf(owners: FuzzUser[]): Record<Resource, string[]> {
  return Object.fromEntries(
    RESOURCES.map((resource) => [resource, owners.flatMap((user) => user.ids[resource])]),
  ) as Record<Resource, string[]>
}

function poolsFor(actor: Actor): IdPools {
  const hidden = users.filter((user) => !actor.sees.includes(user))
  return {
    own: idsOf(actor.sees),
    others: idsOf(hidden),
    shared: { portfolio: [], transaction: [], instrument: catalog, mapping: [], invoice: [] },
  }
}

async function digests(of: FuzzUser[]): Promise<Record<string, string>> {
  const entries = await Promise.all(
    of.map(async (user) => [user.name, await userRowsDigest(admin, user.userId)] as const),
  )
  return Object.fromEntries(entries)
}

interface Answer {
  status: number
  text: string
  headers: string
  code: string | null
}

async function send(caller: Caller, request: FuzzRequest): Promise<Answer> {
  const response = await callApi(caller, request.mode, callOf(request))
  const text = await response.text()
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
  let code: string | null = null
  if (response.status >= 400) {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }
    if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string') {
      throw new Error(`${response.status} without the error shape: ${text.slice(0, 300)}`)
    }
    code = body.error.code
  }
  return { status: response.status, text, headers, code }
}

function describeRequest(caller: Caller, request: FuzzRequest): string {
  const call = callOf(request)
  const body = typeof call.body?.payload === 'string' ? ` ${call.body.payload.slice(0, 300)}` : ''
  return `${caller.label} (${request.mode}) ${call.method} ${call.path.slice(0, 300)}${body}`
}

/** Checks one answer: no 5xx, nothing of a hidden user in it, hidden ids as unknown as any. */
async function checkRequest(actor: Actor, request: FuzzRequest): Promise<void> {
  const what = describeRequest(actor.caller, request)
  const answer = await send(actor.caller, request)
  expect(answer.status, `${what}\n→ ${answer.text.slice(0, 500)}`).toBeLessThan(500)
  const hidden = users.filter((user) => !actor.sees.includes(user))
  const sent = new Set(stringsOf(request))
  const hiddenIds = new Set(
    hidden.flatMap((user) => [user.userId, ...RESOURCES.flatMap((r) => user.ids[r])]),
  )
  const everything = `${answer.text}\n${answer.headers}`
  for (const user of hidden) {
    for (const marker of user.markers) {
      expect(everything.includes(marker), `${what}\n→ carries ${user.name}'s "${marker}"`).toBe(
        false,
      )
    }
    for (const id of [user.userId, ...RESOURCES.flatMap((r) => user.ids[r])]) {
      // Echoing an id the caller sent tells them nothing; any other of the user's ids does.
      if (sent.has(id)) continue
      expect(everything.includes(id), `${what}\n→ carries ${user.name}'s id ${id}`).toBe(false)
    }
  }
  if (![...sent].some((text) => hiddenIds.has(text))) return
  expect(answer.status >= 200 && answer.status < 300, `${what}\n→ ${answer.status}`).toBe(false)
  // Another user's row must be indistinguishable from one that does not exist.
  const unknown = await send(actor.caller, withUnknownIds(request, hiddenIds))
  expect(
    { status: answer.status, code: answer.code },
    `${what}\n→ ${answer.text.slice(0, 300)}\nunknown ids → ${unknown.text.slice(0, 300)}`,
  ).toEqual({ status: unknown.status, code: unknown.code })
}

beforeAll(async () => {
  catalog = await Promise.all([catalogId('THYAO'), catalogId('AAPL')])
  const [thyao] = catalog as [string]
  users = await Promise.all(['alice', 'bob', 'carol', 'mona'].map((name) => plantUser(name, thyao)))
  for (const user of users) {
    await plantInvoice(admin, user)
    await plantTaxYear(admin, user)
  }
  const [alice, bob, carol, mona] = users as [FuzzUser, FuzzUser, FuzzUser, FuzzUser]
  const monaCallers = await enrollTotp(mona)
  actors = [
    {
      caller: await callerOf(alice),
      modes: ['bearer', 'cookie'],
      sees: [alice],
      guards: [bob, carol, mona],
    },
    { caller: monaCallers.aal1, modes: ['bearer'], sees: [], guards: users },
    { caller: monaCallers.aal2, modes: ['bearer'], sees: [mona], guards: [alice, bob, carol] },
  ]
  const response = await request('/api/openapi.json')
  expect(response.status).toBe(200)
  document = (await response.json()) as OpenApiDocument
  ;({ operations, undrivable } = operationsOf(document))
  console.log(
    `API fuzz: ${operations.length} operations, ${runs} runs each per caller, seed ${seed}`,
  )
}, 60_000)

afterAll(async () => {
  await admin.end()
})

// What the API logs as an error is a 500 or a refusal the schemas should have made ("refused by
// the database"): a gap the fuzz reports, even when the caller got a clean 4xx.
let logged: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  const lines = logged.mock.calls.map((call: unknown[]) => String(call[0]).slice(0, 400))
  logged.mockRestore()
  expect(lines).toEqual([])
})

describe('the API isolation fuzz', () => {
  it('drives every operation of the OpenAPI document', () => {
    expect(undrivable).toEqual([])
    expect(operations.map((operation) => operation.id)).toEqual(
      expect.arrayContaining([
        'GET /api/portfolios/{id}',
        'POST /api/portfolios/{id}/transactions',
        'PUT /api/instruments/{id}/prices',
        'GET /api/import-mappings',
        'DELETE /api/import-mappings/{id}',
        'GET /api/billing/invoices/{id}',
        'PUT /api/portfolios/{id}/tax-years/{year}',
        'GET /api/tax-years/{year}',
      ]),
    )
  })

  it.each(['alice', 'mona at aal1', 'mona at aal2'])(
    "%s reaches nothing of anyone else's, on any route, with any id or body",
    async (label) => {
      const actor = actors.find((candidate) => candidate.caller.label === label)
      if (!actor) throw new Error(`no actor ${label}`)
      const before = await digests(actor.guards)
      const pools = poolsFor(actor)
      for (const operation of operations) {
        await fc.assert(
          fc.asyncProperty(requestsOf(operation, pools, resolveRef, actor.modes), (generated) =>
            checkRequest(actor, generated),
          ),
          { seed, numRuns: runs, endOnFailure: true },
        )
      }
      expect(await digests(actor.guards)).toEqual(before)
    },
    600_000,
  )
})

/** Write operations with a JSON body, each with the caller's own ids in its path. */
function ownWrites(actor: Actor): { operation: Operation; pathValues: Record<string, string> }[] {
  const own = poolsFor(actor).own
  return operations
    .filter((operation) => operation.method !== 'GET' && operation.body)
    .filter((operation) => operation.body?.mediaType === 'application/json')
    .map((operation) => ({
      operation,
      pathValues: Object.fromEntries(
        operation.pathParams.map((param) => [
          param.name,
          'resource' in param ? (own[param.resource][0] ?? '') : param.value.valid,
        ]),
      ),
    }))
}

function looksValid(answer: Answer): boolean {
  return ![400, 413, 415, 422].includes(answer.status) || answer.code !== 'validation_failed'
}

/**
 * A body the operation's validation accepts, found from its schema: each field the API names
 * in a 422 is drawn again (or dropped, when the type does not take it). Sent with unknown path
 * ids, so nothing is written; an operation without path ids may write the caller's own row.
 */
async function validBody(actor: Actor, operation: Operation): Promise<unknown> {
  const schema = operation.body?.schema ?? {}
  const source = {
    uuidFor: (field: string) =>
      /instrument/i.test(field) ? fc.constantFrom(...catalog) : fc.uuid({ version: 4 }),
    resolveRef,
    allProperties: true,
  }
  let draws = 0
  const draw = (at: JsonSchema) =>
    fc.sample(arbitraryOf(at, source), { seed: seed + draws++, numRuns: 1 })[0]
  let body = draw(schema)
  for (let round = 0; round < 40; round++) {
    // Optional fields that depend on each other (a price provider needs a symbol of its shape)
    // are seldom drawn right together: after some rounds, draw the required fields only.
    if (round === 20) {
      source.allProperties = false
      body = draw(schema)
    }
    const probe: FuzzRequest = {
      mode: 'bearer',
      method: operation.method,
      path: operation.path,
      pathValues: Object.fromEntries(
        operation.pathParams.map((param) => [
          param.name,
          'resource' in param ? crypto.randomUUID() : param.value.valid,
        ]),
      ),
      query: {},
      body: { mediaType: operation.body?.mediaType ?? '', value: body, raw: false },
    }
    const answer = await send(actor.caller, probe)
    if (looksValid(answer)) return body
    const fields =
      (JSON.parse(answer.text) as { error: { fields?: { path: string; code: string }[] } }).error
        .fields ?? []
    if (fields.length === 0) body = draw(schema)
    for (const field of fields) {
      const path =
        field.path === ''
          ? []
          : field.path.split('.').map((step) => (/^\d+$/.test(step) ? Number(step) : step))
      const at = schemaAt(schema, path, resolveRef)
      body =
        field.code === 'not_for_type' || !at
          ? withoutValueAt(body, path)
          : withValueAt(body, path, draw(at))
    }
  }
  throw new Error(`${operation.id}: found no body its validation accepts`)
}

describe('bad input on every write', () => {
  it('leaves out only the writes listed as not JSON', () => {
    const notJson = operations
      .filter((operation) => operation.method !== 'GET' && operation.body)
      .filter((operation) => operation.body?.mediaType !== 'application/json')
      .map((operation) => operation.id)
    expect(notJson.sort()).toEqual(Object.keys(NOT_JSON_WRITES).sort())
  })

  it('is refused with 4xx and the error shape, and writes nothing', async () => {
    const actor = actors[0] as Actor
    const [owner] = actor.sees as [FuzzUser]
    for (const { operation, pathValues } of ownWrites(actor)) {
      const base = await validBody(actor, operation)
      const leaves = leavesOf(base, operation.body?.schema ?? {}, resolveRef)
      let before = await userRowsDigest(admin, owner.userId)
      for (const bad of badBodies(base, leaves)) {
        const sent: FuzzRequest = {
          mode: 'cookie',
          method: operation.method,
          path: operation.path,
          pathValues,
          query: {},
          body: { mediaType: 'application/json', value: bad.raw, raw: true },
        }
        const what = `${operation.id} ${bad.label}`
        const answer = await send(actor.caller, sent).catch((error: unknown) => {
          throw new Error(`${what}: ${String(error)}`)
        })
        const after = await userRowsDigest(admin, owner.userId)
        if (bad.textMayPass && answer.status < 300) {
          // Kept as the words it is, never run: the answer holds it as sent.
          expect(answer.text, what).toContain(JSON.stringify(bad.textMayPass.text).slice(1, -1))
          expect(
            isFreeText(
              schemaAt(operation.body?.schema ?? {}, bad.textMayPass.path, resolveRef) ?? {},
            ),
          ).toBe(true)
          before = after
          continue
        }
        expect(answer.status, `${what}\n→ ${answer.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400)
        expect(answer.status, `${what}\n→ ${answer.text.slice(0, 300)}`).toBeLessThan(500)
        expect(after, `${what} wrote something`).toBe(before)
      }
    }
  }, 600_000)

  it('refuses a write whose body is not JSON, and writes nothing', async () => {
    const actor = actors[0] as Actor
    const [owner] = actor.sees as [FuzzUser]
    for (const { operation, pathValues } of ownWrites(actor)) {
      const base = await validBody(actor, operation)
      const before = await userRowsDigest(admin, owner.userId)
      const response = await callApi(actor.caller, 'cookie', {
        method: operation.method,
        path: callOf({
          mode: 'cookie',
          method: operation.method,
          path: operation.path,
          pathValues,
          query: {},
          body: null,
        }).path,
        body: { mediaType: 'text/plain', payload: JSON.stringify(base) },
      })
      const text = await response.text()
      expect(response.status, `${operation.id} as text/plain → ${text}`).toBeGreaterThanOrEqual(400)
      expect(response.status, `${operation.id} as text/plain → ${text}`).toBeLessThan(500)
      expect(await userRowsDigest(admin, owner.userId)).toBe(before)
    }
  }, 120_000)
})
