import { Agent, request } from 'node:http'

/** One request of a load run: a path on the server and its headers. */
export interface LoadRequest {
  path: string
  headers: Record<string, string>
}

export interface LoadOptions {
  /** Origin of the server, http only (loopback). */
  base: string
  connections: number
  seconds: number
  /** The request connection `connection` sends as its `count`th. */
  next(connection: number, count: number): LoadRequest
}

export interface LoadResult {
  requests: number
  /** Non-2xx answers by status, and failed requests by error message. */
  errors: Map<string, number>
  /** Milliseconds from sending to the last byte of each answer, sorted. */
  latencies: number[]
  seconds: number
}

function send(agent: Agent, base: string, { path, headers }: LoadRequest) {
  return new Promise<number>((resolve, reject) => {
    const call = request(`${base}${path}`, { agent, headers }, (response) => {
      response.on('data', () => undefined)
      response.on('end', () => resolve(response.statusCode ?? 0))
      response.on('error', reject)
    })
    call.on('error', reject)
    call.end()
  })
}

/**
 * Keeps `connections` keep-alive connections busy for `seconds`, each sending its next request
 * as soon as the last one is answered (a closed loop, as a browser tab does), and records each
 * answer's latency and every error.
 *
 * @example await runLoad({ base, connections: 200, seconds: 30, next: () => ({ path: '/', headers: {} }) })
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections })
  const errors = new Map<string, number>()
  const latencies: number[] = []
  let requests = 0
  const count = (key: string) => errors.set(key, (errors.get(key) ?? 0) + 1)
  const started = performance.now()
  const deadline = started + options.seconds * 1000
  const loop = async (connection: number) => {
    for (let sent = 0; performance.now() < deadline; sent++) {
      const before = performance.now()
      requests += 1
      try {
        const status = await send(agent, options.base, options.next(connection, sent))
        latencies.push(performance.now() - before)
        if (status < 200 || status >= 300) count(`status ${status}`)
      } catch (error) {
        count(error instanceof Error ? error.message : String(error))
      }
    }
  }
  await Promise.all(Array.from({ length: options.connections }, (_, index) => loop(index)))
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return { requests, errors, latencies, seconds }
}

/** The latency below which `share` of the answers came (nearest rank). */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0
}
