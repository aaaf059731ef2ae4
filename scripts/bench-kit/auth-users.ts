/** Users for the benchmarks, made and signed in through the local auth server's API. */

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
