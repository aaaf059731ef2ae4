import { createServer, type AddressInfo, type Server, type Socket } from 'node:net'

/**
 * Stand-ins for a backend in trouble, on 127.0.0.1, for the worker's fault tests (workerd cannot
 * listen itself):
 * - `silentPooler`: a connection pooler (Hyperdrive, Supavisor) whose database is down: it
 *   completes the Postgres startup (AuthenticationOk, ReadyForQuery) and never answers a query;
 * - `busyPostgres`: a Postgres refusing connections: it answers the startup with FATAL 53300
 *   "sorry, too many clients already" and hangs up;
 * - `silentHttp`: a server that takes the connection and never answers (an auth server that hangs).
 * Each is a connection string or an origin.
 */
export interface FaultServers {
  silentPooler: string
  busyPostgres: string
  silentHttp: string
  close(): Promise<void>
}

const AUTHENTICATION_OK = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0])
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5, 0x49])

/** A Postgres ErrorResponse message with the given severity, SQLSTATE and message. */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`)
  const header = Buffer.alloc(5)
  header.write('E', 0)
  header.writeInt32BE(fields.length + 4, 1)
  return Buffer.concat([header, fields])
}

async function listen(onSocket: (socket: Socket) => void) {
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    onSocket(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })
  return { port, close }
}

export async function startFaultServers(): Promise<FaultServers> {
  const silentPooler = await listen((socket) => {
    socket.once('data', () => socket.write(Buffer.concat([AUTHENTICATION_OK, READY_FOR_QUERY])))
  })
  const busyPostgres = await listen((socket) => {
    socket.once('data', () => socket.end(errorResponse('53300', 'sorry, too many clients already')))
  })
  const silentHttp = await listen(() => undefined)
  return {
    silentPooler: `postgres://user:secret@127.0.0.1:${silentPooler.port}/db`,
    busyPostgres: `postgres://user:secret@127.0.0.1:${busyPostgres.port}/db`,
    silentHttp: `http://127.0.0.1:${silentHttp.port}`,
    close: async () => {
      await Promise.all([silentPooler.close(), busyPostgres.close(), silentHttp.close()])
    },
  }
}
