/** Brand names of OAuth providers, as each spells itself. */
const PROVIDER_NAMES: Record<string, string> = {
  apple: 'Apple',
  azure: 'Microsoft',
  bitbucket: 'Bitbucket',
  discord: 'Discord',
  facebook: 'Facebook',
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  linkedin_oidc: 'LinkedIn',
  twitter: 'X',
}

/** The name to show for an OAuth provider; unknown ones by their id. */
export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider
}
