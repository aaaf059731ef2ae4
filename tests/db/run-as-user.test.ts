import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DatabaseUnavailableError, withUserTransaction } from '../../worker/db/run-as-user'

/**
 * A stand-in for a connection pooler (Hyperdrive, Supavisor) whose database is down: it completes
 * the Postgres startup itself (AuthenticationOk, ReadyForQuery) and then never answers a query.
 */
function silentPooler(): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.once('data', () => {
      const authenticationOk = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0])
      const readyForQuery = Buffer.from([0x5a, 0, 0, 0, 5, 0x49])
      socket.write(Buffer.concat([authenticationOk, readyForQuery]))
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, sockets })
    })
  })
}

describe('withUserTransaction', () => {
  let pooler: Awaited<ReturnType<typeof silentPooler>>

  beforeAll(async () => {
    pooler = await silentPooler()
  })

  afterAll(async () => {
    for (const socket of pooler.sockets) socket.destroy()
    await new Promise((resolve) => pooler.server.close(resolve))
  })

  it('gives up within the connect timeout when a pooler connects but the database never answers', async () => {
    const env = {
      HYPERDRIVE: { connectionString: `postgres://user:secret@127.0.0.1:${pooler.port}/db` },
    }
    const started = Date.now()
    const error = await withUserTransaction(
      env,
      { sub: 'user', role: 'authenticated' },
      (sql) => sql`select 1`,
      { connectTimeout: 1 },
    ).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DatabaseUnavailableError)
    expect(Date.now() - started).toBeLessThan(1_800)
  })
})
