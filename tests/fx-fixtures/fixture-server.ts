import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { startLoopbackServer } from '../loopback-server'

/** The ECB and TCMB documents this server answers with (README.md says what is in them). */
const FIXTURES_DIR = fileURLToPath(new URL('.', import.meta.url))
const SAFE_PATH = /^\/(?:ecb|tcmb)(?:\/[A-Za-z0-9_-]+(?:\.xml)?)+$/

export interface FxFixtureServer {
  /** Origin of the server; the providers' base URLs are `${url}/ecb` and `${url}/tcmb`. */
  url: string
  close(): Promise<void>
}

/**
 * A stand-in for the ECB and the TCMB on 127.0.0.1: `/ecb/<file>` and `/tcmb/<path>` answer the
 * fixture documents, anything else under them 404 (as the TCMB answers a day without a bulletin),
 * and `/broken/...` 500, for a provider that fails. `GET /__requests` lists the document paths
 * asked for so far (JSON), `POST /__reset` empties that list.
 */
export function startFxFixtureServer(port = 0): Promise<FxFixtureServer> {
  const requests: string[] = []
  return startLoopbackServer((request, response) => answer(request, response, requests), port)
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  requests: string[],
): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
  if (path === '/__requests')
    return send(response, 200, 'application/json', JSON.stringify(requests))
  if (path === '/__reset' && request.method === 'POST') {
    requests.length = 0
    return send(response, 204, 'text/plain', '')
  }
  requests.push(path)
  if (path.startsWith('/broken/')) return send(response, 500, 'text/plain', 'Internal Server Error')
  if (SAFE_PATH.test(path)) {
    const xml = await readFile(`${FIXTURES_DIR}${path.slice(1)}`, 'utf8').catch(() => null)
    if (xml !== null) return send(response, 200, 'text/xml; charset=UTF-8', xml)
  }
  send(response, 404, 'text/html', '<html><body><h1>404 Not Found</h1></body></html>')
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'Content-Type': type })
  response.end(body)
}
