import { asBrowser, createUser, jsonOf, signIn, uniqueEmail } from './auth-backend'

/** A signed-in user, as the browser calls the API. */
export interface Caller {
  cookie: string
}

/** A new user (with `metadata`, such as a tax residence), signed in. */
export async function newCaller(
  tag: string,
  metadata: Record<string, unknown> = {},
): Promise<Caller> {
  const email = uniqueEmail(tag)
  await createUser(email, 'secret-pass-1', metadata)
  return { cookie: await signIn(email) }
}

/** A new portfolio of `caller`'s, FIFO and without cash; its id. */
export async function newPortfolio(
  caller: Caller,
  name: string,
  baseCurrency: string,
): Promise<string> {
  const created = await jsonOf<{ id: string }>(
    await asBrowser(caller, 'POST', '/api/portfolios', {
      name,
      baseCurrency,
      costBasisMethod: 'FIFO',
      recordsCash: false,
    }),
    201,
  )
  return created.id
}

/** A new instrument of `caller`'s own; its id. */
export async function newInstrument(
  caller: Caller,
  instrument: Record<string, unknown>,
): Promise<string> {
  const created = await jsonOf<{ id: string }>(
    await asBrowser(caller, 'POST', '/api/instruments', instrument),
    201,
  )
  return created.id
}

/** A transaction recorded in `portfolio`; its id. */
export async function record(
  caller: Caller,
  portfolio: string,
  transaction: Record<string, unknown>,
): Promise<string> {
  const created = await jsonOf<{ id: string }>(
    await asBrowser(caller, 'POST', `/api/portfolios/${portfolio}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction,
    }),
    201,
  )
  return created.id
}
