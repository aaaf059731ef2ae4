import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LoopbackServer {
  /** The server's origin, `http://127.0.0.1:<port>`. */
  url: string
  close(): Promise<void>
}

/** An HTTP server on 127.0.0.1 (port 0: any free one) for the tests' stand-ins of services. */
export async function startLoopbackServer(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  port = 0,
): Promise<LoopbackServer> {
  const server = createServer((request, response) => {
    void handle(request, response)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const { port: boundPort } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${boundPort}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
