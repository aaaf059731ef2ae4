import { createServer } from 'node:net'

/** Whether something already listens on 127.0.0.1:port. */
export function isPortInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(true))
    probe.once('listening', () => probe.close(() => resolve(false)))
    probe.listen(port, '127.0.0.1')
  })
}

/** A port on 127.0.0.1 that was free a moment ago (for tests, which must never use fixed ports). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly service: string,
  ) {
    super(
      `Port ${port} (${service}) is already in use on 127.0.0.1. Stop whatever uses it (see \`ss -ltnp 'sport = :${port}'\`) and try again.`,
    )
    this.name = 'PortInUseError'
  }
}

export async function assertPortFree(port: number, service: string): Promise<void> {
  if (await isPortInUse(port)) throw new PortInUseError(port, service)
}
