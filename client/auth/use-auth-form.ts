import { useState, type FormEvent } from 'react'
import {
  AUTH_ERRORS,
  isAuthErrorCode,
  type AuthErrorCode,
} from '../../shared/auth/auth-dialog-state'

export interface AuthFormError {
  code: AuthErrorCode
  message: string
  field: (typeof AUTH_ERRORS)[AuthErrorCode]
}

interface AuthFormResult {
  error: AuthFormError | null
  pending: boolean
  onSubmit(event: FormEvent<HTMLFormElement>): void
}

/**
 * Sends one of the dialog's forms to its worker route as JSON and hands back the error to show
 * (localized by the worker) or the path to go to. Without JavaScript the same form posts itself.
 */
export function useAuthForm(
  initialError: AuthFormError | null,
  onSuccess: (next: string) => void,
): AuthFormResult {
  const [error, setError] = useState<AuthFormError | null>(initialError)
  const [pending, setPending] = useState(false)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const fields = Object.fromEntries(
      [...new FormData(form)].filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    )
    if (form.querySelector('input[type=checkbox][name=terms]:checked')) fields.terms = 'accepted'
    setPending(true)
    void fetch(form.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(fields),
    })
      .then(async (response) => {
        const body = (await response.json()) as {
          next?: string
          error?: { code: string; message: string }
        }
        if (response.ok && body.next) return onSuccess(body.next)
        const code = isAuthErrorCode(body.error?.code) ? body.error.code : 'unexpected'
        setError({ code, message: body.error?.message ?? code, field: AUTH_ERRORS[code] })
      })
      .catch(() => setError({ code: 'unavailable', message: '', field: 'form' }))
      .finally(() => setPending(false))
  }

  return { error, pending, onSubmit }
}
