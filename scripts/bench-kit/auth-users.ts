/** Users for the scripts: made through the auth server's API, signed in through it or the app. */

async function authPost<Answer>(url: string, key: string, body: unknown): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as Answer
}

/** A user whose address is already confirmed; returns their id. */
export async function createConfirmedUser(
  supabaseUrl: string,
  serviceKey: string,
  email: string,
  password: string,
): Promise<string> {
  const user = await authPost<{ id: string }>(`${supabaseUrl}/auth/v1/admin/users`, serviceKey, {
    email,
    password,
    email_confirm: true,
  })
  return user.id
}

/** An access token for a password sign-in, for `Authorization: Bearer`. */
export async function passwordAccessToken(
  supabaseUrl: string,
  anonKey: string,
  email: string,
  password: string,
): Promise<string> {
  const session = await authPost<{ access_token: string }>(
    `${supabaseUrl}/auth/v1/token?grant_type=password`,
    anonKey,
    { email, password },
  )
  return session.access_token
}

/**
 * Signs in through the app's own form route (`appUrl`: the running worker): the session cookies
 * as a browser keeps them, as one Cookie header.
 */
export async function signInThroughApp(
  appUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${appUrl}/auth/sign-in`, {
    method: 'POST',
    headers: { Origin: appUrl, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, next: '/en' }),
  })
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`)
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
}
