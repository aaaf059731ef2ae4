import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * An HTTP proxy on 127.0.0.1 in front of `target` (the auth server) that counts the requests it
 * passes on: the worker is pointed at it to show how often it asks the auth server.
 */
export async function startCountingProxy(target: string) {
  let count = 0
  const server = createServer((incoming, outgoing) => {
    count += 1
    const forwarded = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: { ...incoming.headers, host: new URL(target).host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forwarded.on('error', () => outgoing.destroy())
    incoming.pipe(forwarded)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => count,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  }
}
