import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react'
import type { FieldPath, FieldValues, UseFormReturn, UseFormSetError } from 'react-hook-form'
import { apiErrorSchema } from '../../shared/api/schemas/common'
import { ApiError } from '../api/api-client'

/** Marks an error whose message is already text for the user (a server's, in their language). */
export const SERVER_ERROR = 'server'

/** One field at fault in a refused submit, as the API names it (`path`), with its text. */
export interface FieldProblem {
  path: string
  message: string
}

/** What a refused submit says: a message for the whole form, and the fields at fault. */
export interface FormProblem {
  message: string
  fields: readonly FieldProblem[]
}

/** A refusal in the API's error shape: its code, and each field's code, to be localized. */
export interface ApiProblem {
  code: string
  message: string
  fields: { path: string; code: string; message: string }[]
}

/**
 * What a rejected call says when it is the API's refusal: the client's ApiError, or the error
 * body itself (`{ error: { code, message, fields? } }`, shared/api/schemas/common.ts); else null.
 */
export function apiProblemOf(reason: unknown): ApiProblem | null {
  if (reason instanceof ApiError) {
    return { code: reason.code, message: reason.message, fields: [...reason.fields] }
  }
  const parsed = apiErrorSchema.safeParse(reason)
  if (!parsed.success) return null
  const { code, message, fields = [] } = parsed.data.error
  return { code, message, fields }
}

/**
 * Shows a refused submit on its form: each field at fault that the form has (`fieldOf` names
 * it) gets its text, the first taking the focus when `focus`; when none does, the message goes
 * above the form (`errors.root.server`).
 */
export function showProblem<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  problem: FormProblem,
  fieldOf: (path: string) => FieldPath<Values> | null,
  focus: boolean,
): void {
  const placed = problem.fields.flatMap((field) => {
    const name = fieldOf(field.path)
    return name ? [{ name, message: field.message }] : []
  })
  placed.forEach(({ name, message }, index) =>
    setError(name, { type: SERVER_ERROR, message }, { shouldFocus: focus && index === 0 }),
  )
  if (placed.length === 0) setError('root.server', { type: SERVER_ERROR, message: problem.message })
}

export interface FormSubmitOptions<Values extends FieldValues> {
  /** What a rejection means for the person at the screen. */
  problemOf(reason: unknown): FormProblem | Promise<FormProblem>
  /** The form's field for a path the server names: one of a list, or found by a function. */
  fields: readonly FieldPath<Values>[] | ((path: string) => FieldPath<Values> | null)
  /** Whether the first field at fault takes the focus (default true). */
  focus?: boolean
}

export interface FormSubmit<Output> {
  /**
   * The handler of a submit (or of a button's click): the form's schema checks the values, then
   * `send` gets them; what it rejects with is shown by its field or above the form.
   */
  handle(send: (values: Output) => Promise<void>): (event?: BaseSyntheticEvent) => Promise<void>
  /** While the values are checked and sent. */
  pending: boolean
  /** The last submit succeeded, and nothing was typed since. */
  done: boolean
  /** The refusal that belongs to no field. */
  error: string | null
}

/**
 * The one way a form is sent: react-hook-form's `handleSubmit` with the schema's resolver, a
 * second press ignored while it runs, and the server's refusal placed with `showProblem`.
 *
 * @example
 * const form = useForm({ resolver: zodResolver(schema) })
 * const submit = useFormSubmit(form, { problemOf, fields: ['email'] })
 * <form onSubmit={submit.handle(async (values) => save(values))}>…</form>
 */
export function useFormSubmit<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  options: FormSubmitOptions<Values>,
): FormSubmit<Output> {
  const { handleSubmit, setError, subscribe, formState } = form
  const [done, setDone] = useState(false)
  // Submit buttons stay focusable while the form is sent (aria-disabled), so a second press is
  // ignored here rather than by disabling them, which would drop the keyboard's focus.
  const running = useRef(false)

  // "Saved" speaks of the values sent: once one is changed, it no longer holds.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ type }) => {
          if (type === 'change') setDone(false)
        },
      }),
    [subscribe],
  )

  const { fields, focus = true } = options
  const fieldOf =
    typeof fields === 'function'
      ? fields
      : (path: string) => fields.find((name) => name === path) ?? null

  const handle =
    (send: (values: Output) => Promise<void>) => async (event?: BaseSyntheticEvent) => {
      if (running.current) {
        event?.preventDefault()
        return
      }
      running.current = true
      setDone(false)
      await handleSubmit(async (values) => {
        try {
          await send(values)
          setDone(true)
        } catch (reason) {
          showProblem(setError, await options.problemOf(reason), fieldOf, focus)
        }
      })(event).finally(() => {
        running.current = false
      })
    }

  return {
    handle,
    pending: formState.isSubmitting,
    done,
    error: formState.errors.root?.server?.message ?? null,
  }
}
