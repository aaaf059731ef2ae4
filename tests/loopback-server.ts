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

/** What a stand-in answers: a status, a content type, a body and any other headers. */
export interface StandInAnswer {
  status: number
  type: string
  body: string | Buffer
  headers?: Record<string, string>
}

/** Writes a stand-in's answer. */
export function sendAnswer(response: ServerResponse, answer: StandInAnswer): void {
  response.writeHead(answer.status, { 'Content-Type': answer.type, ...answer.headers })
  response.end(answer.body)
}

/** A request's body as text; one past 1 MB is cut off (a stand-in reads small forms). */
export function readRequestBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      text += chunk
      if (text.length > 1_000_000) request.destroy()
    })
    request.on('end', () => resolve(text))
    request.on('error', reject)
  })
}

/** A JSON object posted, or null for anything else. */
export function postedObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}
