import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from '../local-layout'
import type { MailKind } from '../outbox/outbox'
import { parseGoTemplate, type GoTemplate, type TemplateData } from './go-template'
import { parse } from 'smol-toml'

export const SUPABASE_CONFIG_FILE = join(REPO_ROOT, 'supabase', 'config.toml')

/** The `[auth.email.template.<name>]` each kind of mail is sent with (the Supabase CLI's names). */
const TEMPLATE_NAMES: Record<MailKind, string> = {
  signup: 'confirmation',
  invite: 'invite',
  magiclink: 'magic_link',
  recovery: 'recovery',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
}

export interface RenderedEmail {
  subject: string
  html: string
}

export type EmailTemplates = (kind: MailKind, data: TemplateData) => RenderedEmail

/** The TOML table at a dotted name (`auth.email.template.invite`), or an empty one. */
function tableAt(config: Record<string, unknown>, dotted: string): Record<string, unknown> {
  let table: unknown = config
  for (const key of dotted.split('.')) {
    table =
      typeof table === 'object' && table !== null ? (table as Record<string, unknown>)[key] : {}
  }
  return typeof table === 'object' && table !== null ? (table as Record<string, unknown>) : {}
}

/**
 * The project's auth email templates as `supabase/config.toml` declares them: a subject and a
 * `content_path` (relative to the repository root, as the CLI reads it) per kind of mail, both
 * Go templates. Read and parsed once, so a broken template stops the server at start-up.
 */
export function loadEmailTemplates(configFile = SUPABASE_CONFIG_FILE): EmailTemplates {
  const root = join(configFile, '..', '..')
  const config = parse(readFileSync(configFile, 'utf8'))
  const templates = new Map<MailKind, { subject: GoTemplate; body: GoTemplate }>()
  for (const [kind, name] of Object.entries(TEMPLATE_NAMES) as [MailKind, string][]) {
    const table = `auth.email.template.${name}`
    const { subject, content_path: contentPath } = tableAt(config, table)
    if (typeof subject !== 'string' || typeof contentPath !== 'string') {
      throw new Error(`${configFile}: [${table}] needs a subject and a content_path`)
    }
    templates.set(kind, {
      subject: parseGoTemplate(subject, `${table}.subject`),
      body: parseGoTemplate(readFileSync(join(root, contentPath), 'utf8'), contentPath),
    })
  }
  return (kind, data) => {
    const template = templates.get(kind) as { subject: GoTemplate; body: GoTemplate }
    return { subject: template.subject.render(data), html: template.body.render(data) }
  }
}
