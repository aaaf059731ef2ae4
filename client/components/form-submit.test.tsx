import { renderToStaticMarkup } from 'react-dom/server'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/api-client'
import {
  apiProblemOf,
  showProblem,
  SERVER_ERROR,
  useFormSubmit,
  type FormProblem,
  type FormSubmit,
} from './form-submit'

type Values = { email: string; password: string }

/** A form and its submit helper as a component gets them (rendered once, on the "server"). */
function formWithSubmit(
  problemOf: (reason: unknown) => FormProblem | Promise<FormProblem> = () => problem,
) {
  const captured: { form?: UseFormReturn<Values>; submit?: FormSubmit<Values> } = {}
  function Probe() {
    const form = useForm<Values>({ defaultValues: { email: 'a@example.com', password: 'x' } })
    captured.form = form
    captured.submit = useFormSubmit(form, { problemOf, fields: ['email', 'password'] })
    return null
  }
  renderToStaticMarkup(<Probe />)
  if (!captured.form || !captured.submit) throw new Error('not rendered')
  return { form: captured.form, submit: captured.submit }
}

const problem: FormProblem = {
  message: 'Check the form.',
  fields: [{ path: 'password', message: 'Wrong password.' }],
}

describe('apiProblemOf', () => {
  it('reads the API’s error body and nothing else', () => {
    const body = {
      error: {
        code: 'validation_failed',
        message: 'Prüfen Sie die Angaben.',
        fields: [{ path: 'transaction.quantity', code: 'positive', message: 'Größer als null' }],
      },
    }
    expect(apiProblemOf(body)).toEqual({
      code: 'validation_failed',
      message: 'Prüfen Sie die Angaben.',
      fields: body.error.fields,
    })
    expect(apiProblemOf({ error: { code: 'x', message: 'y' } })?.fields).toEqual([])
    expect(apiProblemOf(new Error('offline'))).toBeNull()
  })

  it('reads the API client’s error the same way', () => {
    const field = { path: 'name', code: 'too_long', message: 'Too long' }
    expect(apiProblemOf(new ApiError(400, 'validation_failed', 'Check it.', [field]))).toEqual({
      code: 'validation_failed',
      message: 'Check it.',
      fields: [field],
    })
  })
})

describe('showProblem', () => {
  function recorder() {
    const calls: unknown[][] = []
    return { calls, setError: (...args: unknown[]) => void calls.push(args) }
  }
  const fieldOf = (path: string) => (path === 'email' || path === 'password' ? path : null)

  it('puts each known field’s text beside it, focusing the first, and nothing above the form', () => {
    const { calls, setError } = recorder()
    showProblem<Values>(
      setError,
      {
        message: 'Check the form.',
        fields: [
          { path: 'unknown', message: 'Ignored.' },
          { path: 'email', message: 'Taken.' },
          { path: 'password', message: 'Too short.' },
        ],
      },
      fieldOf,
      true,
    )
    expect(calls).toEqual([
      ['email', { type: SERVER_ERROR, message: 'Taken.' }, { shouldFocus: true }],
      ['password', { type: SERVER_ERROR, message: 'Too short.' }, { shouldFocus: false }],
    ])
  })

  it('shows the message above the form when no field of the form is at fault', () => {
    const { calls, setError } = recorder()
    showProblem<Values>(
      setError,
      { message: 'Try again later.', fields: [{ path: 'terms', message: 'x' }] },
      fieldOf,
      true,
    )
    expect(calls).toEqual([['root.server', { type: SERVER_ERROR, message: 'Try again later.' }]])
  })

  it('leaves the focus where it is when asked to', () => {
    const { calls, setError } = recorder()
    showProblem<Values>(setError, problem, fieldOf, false)
    expect(calls).toEqual([
      ['password', { type: SERVER_ERROR, message: 'Wrong password.' }, { shouldFocus: false }],
    ])
  })
})

describe('useFormSubmit', () => {
  it('sends the values and shows a refusal beside its field', async () => {
    const { form, submit } = formWithSubmit()
    const sent: Values[] = []
    await submit.handle(async (values) => {
      sent.push(values)
      throw new Error('refused')
    })()
    expect(sent).toEqual([{ email: 'a@example.com', password: 'x' }])
    expect(form.getFieldState('password').error).toMatchObject({
      type: SERVER_ERROR,
      message: 'Wrong password.',
    })
    expect(form.getFieldState('email').error).toBeUndefined()
  })

  it('shows a refusal of no field above the form, through the async problemOf', async () => {
    const { form, submit } = formWithSubmit(async () => ({ message: 'Offline.', fields: [] }))
    await submit.handle(() => Promise.reject(new TypeError('Failed to fetch')))()
    expect(form.getErrors('root.server')).toMatchObject({ message: 'Offline.' })
  })

  it('ignores a second press while the first submit runs', async () => {
    const { submit } = formWithSubmit()
    let finish = () => {}
    let sends = 0
    const send = () => {
      sends += 1
      return new Promise<void>((resolve) => (finish = resolve))
    }
    const first = submit.handle(send)()
    await submit.handle(send)()
    await new Promise((resolve) => setTimeout(resolve, 0))
    finish()
    await first
    expect(sends).toBe(1)
    const third = submit.handle(send)()
    await new Promise((resolve) => setTimeout(resolve, 0))
    finish()
    await third
    expect(sends).toBe(2)
  })
})
