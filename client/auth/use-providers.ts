import { useEffect, useState } from 'react'
import { z } from 'zod'

const providersAnswer = z.object({ providers: z.array(z.string()) })

/**
 * The OAuth providers the auth server has enabled: `known` when the page came with them, else
 * asked of the worker once hydrated; none until known.
 */
export function useProviders(known: string[] | null = null): string[] {
  const [providers, setProviders] = useState(known ?? [])
  useEffect(() => {
    if (known) return
    void fetch('/auth/providers')
      .then((response) => response.json())
      .then((body: unknown) => {
        const answer = providersAnswer.safeParse(body)
        if (answer.success) setProviders(answer.data.providers)
      })
      .catch(() => undefined)
  }, [known])
  return providers
}
