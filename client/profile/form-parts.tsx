import type { ReactNode } from 'react'
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'
import { z } from 'zod'
import { useI18n } from '../app/i18n-context'
import { FormError } from '../components/form-error'
import { SERVER_ERROR, useFormSubmit } from '../components/form-submit'
import type { MessageKey } from '../../shared/i18n/messages'
import { isProfileErrorCode, profileErrorCode, type ProfileErrorCode } from './profile-errors'

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
      <FormError message={error ?? null} />
    </>
  )
}

/** A 6-digit code as typed (spaces ignored), or the error `code_invalid`. */
export const codeSchema = z
  .string()
  .transform((typed) => typed.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'code_invalid'))

/**
 * Sends a profile form (see useFormSubmit): what the auth server refuses shows beside the field
 * `fields` names for its code, or above the form. `errorOf` is a field's error as text: the
 * schema's code localized, or the refusal's own text.
 */
export function useProfileSubmit<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  fields: Partial<Record<ProfileErrorCode, FieldPath<Values>>> = {},
) {
  const errorText = useErrorText()
  const submit = useFormSubmit(form, {
    problemOf: (reason) => {
      const code = profileErrorCode(reason)
      const field = fields[code]
      return {
        message: errorText(code),
        fields: field ? [{ path: field, message: errorText(code) }] : [],
      }
    },
    fields: (path) => Object.values(fields).find((name) => name === path) ?? null,
  })
  const errorOf = (name: FieldPath<Values>): string | null => {
    const error = form.getFieldState(name, form.formState).error
    if (!error?.message) return null
    if (error.type === SERVER_ERROR) return error.message
    return errorText(isProfileErrorCode(error.message) ? error.message : 'unexpected')
  }
  return { ...submit, errorOf }
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
