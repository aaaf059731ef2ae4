import postgres from 'postgres'

/** Postgres could not be reached or did not answer in time; the API answers 503. */
export class DatabaseUnavailableError extends Error {
  readonly status = 503
  constructor(
    readonly reason: 'connect' | 'timeout' | 'connection_lost',
    options?: { cause?: unknown },
  ) {
    super(`Database unavailable (${reason})`, options)
    this.name = 'DatabaseUnavailableError'
  }
}

/** The part of the worker's `Env` this module uses: the Hyperdrive binding (or a stand-in). */
export interface DatabaseEnv {
  HYPERDRIVE: { connectionString: string }
}

/** The verified access-token claims of the caller (from `getClaims()`). */
export interface UserClaims {
  sub: string
  role: string
  [claim: string]: unknown
}

export interface TransactionOptions {
  /** Seconds to wait for the database: the connection, and the answer to the first statement. */
  connectTimeout?: number
  /** Milliseconds any one statement may run (`SET LOCAL statement_timeout`). */
  statementTimeoutMs?: number
}

export const DEFAULT_TRANSACTION_OPTIONS: Required<TransactionOptions> = {
  connectTimeout: 5,
  statementTimeoutMs: 5_000,
}

// The only roles a request may act as; service_role would bypass row-level security.
const REQUEST_ROLES = new Set(['anon', 'authenticated'])

// postgres.js error codes that mean the connection, not the query, failed.
const CONNECTION_ERRORS = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'EPIPE',
])
const QUERY_CANCELED = '57014'
// SQLSTATEs of a server that is going away or not taking connections (class 08, 57P01–57P03).
const SERVER_GONE = /^(08...|57P0[123])$/
// Out of resources (class 53): too many clients, out of memory or disk; a pooler at capacity too.
const SERVER_BUSY = /^53...$/
// How workerd's sockets report an address nothing listens on (locally: Postgres is down).
const SOCKET_CONNECT_FAILED = /cannot connect to the specified address/

/**
 * Runs `fn` in one transaction as the caller, so row-level security applies exactly as in
 * Supabase: role `authenticated` with the claims in `request.jwt.claims`, or `anon` when there is
 * no user. Connection failures and timeouts become `DatabaseUnavailableError`; anything else
 * (a policy violation, say) is thrown as Postgres reported it.
 *
 * @example
 * const rows = await withUserTransaction(env, claims, (sql) => sql`select * from portfolios`)
 */
export async function withUserTransaction<T>(
  env: DatabaseEnv,
  claims: UserClaims | null,
  fn: (sql: postgres.TransactionSql) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const role = claims ? claims.role : 'anon'
  if (!REQUEST_ROLES.has(role)) throw new Error(`Refusing to run a request as role "${role}"`)
  const requestClaims = claims ?? { role: 'anon' }
  const settings = { role, 'request.jwt.claims': JSON.stringify(requestClaims) }
  return runTransaction(env, settings, fn, options)
}

/**
 * Runs `fn` in one transaction on a connection of its own, with `settings` (and the statement
 * timeout) set for the transaction only, connection failures and timeouts classified as in
 * {@link withUserTransaction}: the building block of the user and owner transactions, not for
 * request handlers.
 */
export async function runTransaction<T>(
  env: DatabaseEnv,
  settings: Record<string, string>,
  fn: (sql: postgres.TransactionSql) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const { connectTimeout, statementTimeoutMs } = { ...DEFAULT_TRANSACTION_OPTIONS, ...options }
  // One connection per request, as Cloudflare recommends with Hyperdrive (it pools for us).
  const sql = postgres(env.HYPERDRIVE.connectionString, {
    max: 1,
    connect_timeout: connectTimeout,
    idle_timeout: 5,
    fetch_types: false,
    prepare: true,
    onnotice: () => undefined,
  })
  // A pooler (Hyperdrive, Supavisor) completes the connection itself and only then waits for the
  // database, so the first statement must answer within the connect timeout too; and, belt and
  // braces, a server that stops answering later must not hang us either.
  const deadlineMs = connectTimeout * 1000 + statementTimeoutMs + 1_000
  let firstAnswer: ReturnType<typeof setTimeout> | undefined
  let deadline: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<never>((_, reject) => {
    firstAnswer = setTimeout(
      () => reject(new DatabaseUnavailableError('connect')),
      connectTimeout * 1000,
    )
    deadline = setTimeout(() => reject(new DatabaseUnavailableError('timeout')), deadlineMs)
  })
  let failed = false
  try {
    const work = sql.begin(async (tx) => {
      const transactionSettings = { ...settings, statement_timeout: String(statementTimeoutMs) }
      // One round trip for all of them, whatever they are.
      await tx`
        select set_config(key, value, true)
        from jsonb_each_text(${tx.json(transactionSettings)})
      `
      clearTimeout(firstAnswer)
      return fn(tx)
    }) as Promise<T>
    return await Promise.race([work, timedOut])
  } catch (error) {
    failed = true
    throw databaseUnavailable(error) ?? error
  } finally {
    clearTimeout(firstAnswer)
    clearTimeout(deadline)
    // After a failure postgres.js may still be retrying the connection: stop it at once.
    await sql.end({ timeout: failed ? 0 : 1 }).catch(() => undefined)
  }
}

/**
 * The outage an error means (Postgres unreachable, refusing connections, gone, or too slow), or
 * undefined for any other error: what the caller should retry later rather than correct.
 *
 * @example databaseUnavailable(error) ?? error
 */
export function databaseUnavailable(error: unknown): DatabaseUnavailableError | undefined {
  if (error instanceof DatabaseUnavailableError) return error
  const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : ''
  if (code === 'CONNECT_TIMEOUT' || code === 'ECONNREFUSED' || code === 'ENOTFOUND') {
    return new DatabaseUnavailableError('connect', { cause: error })
  }
  if (error instanceof Error && SOCKET_CONNECT_FAILED.test(error.message)) {
    return new DatabaseUnavailableError('connect', { cause: error })
  }
  if (SERVER_BUSY.test(code)) return new DatabaseUnavailableError('connect', { cause: error })
  if (SERVER_GONE.test(code))
    return new DatabaseUnavailableError('connection_lost', { cause: error })
  if (code === QUERY_CANCELED) return new DatabaseUnavailableError('timeout', { cause: error })
  if (CONNECTION_ERRORS.has(code)) {
    return new DatabaseUnavailableError('connection_lost', { cause: error })
  }
  return undefined
}

/**
 * postgres.js leaves an unhandled "This socket has been closed" rejection behind when a
 * connection closes in workerd (a known upstream issue). It carries no information for us, so
 * exactly that rejection is dropped and every other one still surfaces. (Node has no global
 * `addEventListener`; there this is a no-op.)
 */
function ignoreClosedSocketRejections(): void {
  const target = globalThis as {
    addEventListener?: (
      type: 'unhandledrejection',
      listener: (event: PromiseRejectionEvent) => void,
    ) => void
  }
  target.addEventListener?.('unhandledrejection', (event) => {
    const reason: unknown = event.reason
    if (reason instanceof Error && reason.message.includes('This socket has been closed')) {
      event.preventDefault()
    }
  })
}

ignoreClosedSocketRejections()
