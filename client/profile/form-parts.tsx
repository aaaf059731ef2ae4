import {
  useCallback,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react'
import { useI18n } from '../app/i18n-context'
import type { MessageKey } from '../../shared/i18n/messages'
import { attempt, type Outcome, type ProfileErrorCode } from './profile-errors'

/** One part of the profile page: a landmark region named by its heading. */
export function ProfileSection(props: {
  id: string
  title: string
  lead?: ReactNode
  danger?: boolean
  children: ReactNode
}) {
  const headingId = `${props.id}-heading`
  return (
    <section
      id={props.id}
      className={props.danger ? 'profile-section profile-section--danger' : 'profile-section'}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{props.title}</h2>
      {props.lead ? <p className="profile-section__lead">{props.lead}</p> : null}
      {props.children}
    </section>
  )
}

/** The localized message of an error code. */
export function useErrorText(): (code: ProfileErrorCode) => string {
  const { t } = useI18n()
  return (code) => t(`profile.errors.${code}` as MessageKey)
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  /** The error shown under the field (and announced with it), or null. */
  error?: string | null
  /** Help below the field, read with it. */
  hint?: ReactNode
  /** Ids of other elements that describe the field (password rules). */
  describedBy?: string
}

/** A labelled input whose error and hint sit under it and are tied to it by aria-describedby. */
export function TextField({ label, error, hint, describedBy, ...input }: TextFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const described = [error ? errorId : null, hint ? hintId : null, describedBy ?? null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A 6-digit code field (authenticator app or emailed code). */
export function CodeField(props: Omit<TextFieldProps, 'inputMode' | 'pattern' | 'maxLength'>) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      {...props}
    />
  )
}

/**
 * The form's live line: a success message (polite) or an error that belongs to no single field.
 * The region is always there, so screen readers announce what appears in it.
 */
export function FormStatus({ success, error }: { success?: string | null; error?: string | null }) {
  return (
    <>
      <p className="form-status" role="status">
        {success ? <span className="form-status__success">{success}</span> : null}
      </p>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}

/** The state of one action: whether it runs, and its outcome. */
export function useAction() {
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const running = useRef(false)
  // The button stays focusable while its action runs (aria-disabled), so a second press is
  // ignored here rather than by disabling it, which would drop keyboard focus.
  const run = useCallback(async (action: () => Promise<Outcome>): Promise<Outcome | null> => {
    if (running.current) return null
    running.current = true
    const form = document.activeElement?.closest('form') ?? null
    setPending(true)
    setOutcome(null)
    const result = await attempt(action)
    running.current = false
    setOutcome(result)
    setPending(false)
    // A field that is now invalid takes the focus, so its message is read out with it.
    if (!result.ok && form) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    }
    return result
  }, [])
  const reset = useCallback(() => setOutcome(null), [])
  return { pending, outcome, run, reset, errorCode: outcome && !outcome.ok ? outcome.code : null }
}

/** Whether the error belongs to one of a form's fields, or to the form as a whole. */
export function errorFor<Field extends string>(
  code: ProfileErrorCode | null,
  fields: Partial<Record<ProfileErrorCode, Field>>,
  field: Field | 'form',
): ProfileErrorCode | null {
  if (!code) return null
  return (fields[code] ?? 'form') === field ? code : null
}

/** A submit button that says it works while its action runs. */
export function SubmitButton(props: {
  pending: boolean
  label: string
  variant?: 'primary' | 'danger' | 'plain'
  disabled?: boolean
}) {
  const { t } = useI18n()
  const variant = props.variant ?? 'primary'
  return (
    <button
      type="submit"
      className={variant === 'plain' ? 'button' : `button button--${variant}`}
      disabled={props.disabled}
      aria-disabled={props.pending || undefined}
    >
      {props.pending ? t('profile.working') : props.label}
    </button>
  )
}
