import type { z } from 'zod'

/**
 * The codes a field can fail with, each with a message under `api.fields.<code>` in the locale
 * files. The schemas name their own (`.regex(…, 'decimal')`); zod's built-in checks map to the
 * generic ones below.
 */
export const FIELD_ISSUE_CODES = [
  'required',
  'too_long',
  'too_short',
  'too_many',
  'too_small',
  'too_big',
  'empty',
  'decimal',
  'cents',
  'positive',
  'non_negative',
  'currency',
  'instrument_code',
  'exchange',
  'isin',
  'country',
  'fund_type_not_fund',
  'tefas_fund_class_not_fund',
  'price_symbol',
  'price_currency',
  'split_ratio',
  'not_for_type',
  'after_trade_date',
  'future',
  'same_currency',
  'date',
  'date_range',
  'uuid',
  'integer',
  'invalid_type',
  'invalid_choice',
  'invalid_format',
  'unknown_field',
  'control_characters',
  'unpaired_surrogate',
  'consent_required',
  'invalid',
] as const

export type FieldIssueCode = (typeof FIELD_ISSUE_CODES)[number]

/** One field at fault: its dotted path (`transaction.quantity`, `prices.3.close`) and its code. */
export interface FieldIssue {
  path: string
  code: FieldIssueCode
}

function isFieldIssueCode(text: string): text is FieldIssueCode {
  return (FIELD_ISSUE_CODES as readonly string[]).includes(text)
}

function builtInCode(issue: z.core.$ZodIssue): FieldIssueCode {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required'
      return issue.expected === 'int' ? 'integer' : 'invalid_type'
    case 'invalid_format':
      if (issue.format === 'date') return 'date'
      return issue.format === 'uuid' ? 'uuid' : 'invalid_format'
    case 'invalid_value':
      return 'invalid_choice'
    case 'too_small':
      return issue.origin === 'string' ? 'too_short' : 'too_small'
    case 'too_big':
      return issue.origin === 'string' ? 'too_long' : 'too_big'
    case 'unrecognized_keys':
      return 'unknown_field'
    default:
      return 'invalid'
  }
}

/**
 * The fields a failed parse blames, one entry per field (its first problem), for a form to show
 * beside each input and for the API's `fields`.
 * @example fieldIssues(transactionWriteSchema.safeParse(form).error) // [{ path: 'quantity', code: 'required' }]
 */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  const seen = new Set<string>()
  const issues: FieldIssue[] = []
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    if (seen.has(path)) continue
    seen.add(path)
    issues.push({
      path,
      code: isFieldIssueCode(issue.message) ? issue.message : builtInCode(issue),
    })
  }
  return issues
}
