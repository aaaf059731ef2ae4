import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useI18n } from '../app/i18n-context'
import { apiProblemOf, useFormSubmit } from '../components/form-submit'
import { AUTH_ERRORS } from '../../shared/auth/auth-dialog-state'
import { useSessionView } from './user-store'

/** The fields of the dialog's forms, named as the worker reads them. */
export type AuthField = 'email' | 'password' | 'code' | 'terms' | 'factor'

/**
 * What a form sends: its fields as text, a ticked terms box as `accepted` (what the box posts
 * without JavaScript). Their rules are the worker's alone: it checks them for the form without
 * JavaScript too, and answers in the user's language.
 */
const authFormSchema = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  code: z.string().optional(),
  factor: z.string().optional(),
  terms: z
    .union([z.literal('accepted'), z.boolean()])
    .optional()
    .transform((ticked) => (ticked === 'accepted' ? ticked : undefined)),
})

const successAnswer = z.object({ next: z.string() })

/**
 * One of the sign-in forms as JavaScript sends it: the plain form's fields (and `hidden`, its
 * hidden inputs) as JSON to its worker route (`action`), which answers where to go next or why
 * not. The worker's error shows beside the field it names (`errorOf`) or above the form
 * (`formError`), as does the one a try without JavaScript left in the address until the next
 * try. Without JavaScript the same form posts itself.
 */
export function useAuthForm(options: {
  action: string
  fields: readonly AuthField[]
  hidden: Record<string, string>
  onSuccess(next: string): void
}) {
  const { t } = useI18n()
  const { error: urlError } = useSessionView()
  // No default values: register reads what the inputs hold, typed before hydration too.
  const form = useForm({ resolver: zodResolver(authFormSchema) })
  const submit = useFormSubmit(form, {
    fields: options.fields,
    problemOf: (reason) =>
      apiProblemOf(reason) ?? {
        // A failed fetch, or an answer that is no JSON: the service is out of reach.
        message: t(reason instanceof Error ? 'auth.errors.unavailable' : 'auth.errors.unexpected'),
        fields: [],
      },
    // The error is announced where it appears (role=alert); the focus stays where it was.
    focus: false,
  })

  const send = async (values: z.output<typeof authFormSchema>) => {
    const response = await fetch(options.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...values, ...options.hidden }),
    })
    const body: unknown = await response.json()
    const answer = successAnswer.safeParse(body)
    if (!response.ok || !answer.success) throw body
    options.onSuccess(answer.data.next)
  }

  const fromAddress =
    urlError && form.formState.submitCount === 0
      ? { field: AUTH_ERRORS[urlError], message: t(`auth.errors.${urlError}`) }
      : null
  const errorOf = (field: AuthField): string | null =>
    form.formState.errors[field]?.message ??
    (fromAddress?.field === field ? fromAddress.message : null)
  const formError = submit.error ?? (fromAddress?.field === 'form' ? fromAddress.message : null)

  return { form, pending: submit.pending, onSubmit: submit.handle(send), errorOf, formError }
}
