import type { Factor } from '@supabase/supabase-js'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import { CODE_INPUT, FormField } from '../components/form-field'
import { codeSchema, FormStatus, SubmitButton, useProfileSubmit } from './form-parts'
import { useProfileUser } from './profile-user'

const ISSUER = 'Kıymet'

/** An enrolment waiting for its first code: what the authenticator app needs. */
interface Enrolment {
  factorId: string
  name: string
  qrCode: string
  secret: string
}

/** The QR code as an image URL: auth-js hands the raw SVG behind a `data:` prefix, unescaped. */
export function qrImageUrl(qrCode: string): string {
  const svg = qrCode.replace(/^data:image\/svg\+xml;utf-8,/, '')
  if (svg.startsWith('data:')) return svg
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

/** The secret in groups of four, easier to type (apps ignore the spaces). */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

/** The end of each form here: its error, its button, and a way back to the list. */
function SubformEnd(props: {
  error: string | null
  pending: boolean
  label: string
  danger?: boolean
  onCancel(): void
}) {
  const { t } = useI18n()
  return (
    <>
      <FormStatus error={props.error} />
      <div className="form-actions">
        <SubmitButton
          pending={props.pending}
          label={props.label}
          variant={props.danger ? 'danger' : undefined}
        />
        <button type="button" className="button" onClick={props.onCancel}>
          {t('profile.cancel')}
        </button>
      </div>
    </>
  )
}

const codeFormSchema = z.object({ code: codeSchema })

/**
 * Asks for a current code of an authenticator app and hands it to `verify`; `frame` places the
 * field (among the enrolment's steps, say).
 */
function CodeForm(props: {
  label: string
  submitLabel: string
  danger?: boolean
  verify(code: string): Promise<void>
  onCancel(): void
  frame?: (field: ReactNode) => ReactNode
}) {
  const form = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } })
  const submit = useProfileSubmit(form, { code_invalid: 'code', mfa_verification_failed: 'code' })
  const field = (
    <FormField label={props.label} error={submit.errorOf('code')}>
      {(control) => (
        <input {...control} {...CODE_INPUT} required autoFocus {...form.register('code')} />
      )}
    </FormField>
  )
  return (
    <form
      className="form profile-subform"
      onSubmit={submit.handle(({ code }) => props.verify(code))}
      noValidate
    >
      {props.frame ? props.frame(field) : field}
      <SubformEnd
        error={submit.error}
        pending={submit.pending}
        label={props.submitLabel}
        danger={props.danger}
        onCancel={props.onCancel}
      />
    </form>
  )
}

/** Names a new authenticator app and starts its enrolment. */
function EnrolNameForm(props: { onStarted(enrolment: Enrolment): void; onCancel(): void }) {
  const { t } = useI18n()
  const { user } = useProfileUser()
  const defaultName = t('profile.twoFactor.defaultName')
  const form = useForm({
    resolver: zodResolver(z.object({ friendly_name: z.string().trim() })),
    defaultValues: { friendly_name: defaultName },
  })
  const submit = useProfileSubmit(form, { mfa_factor_name_conflict: 'friendly_name' })

  const start = async ({ friendly_name: name }: { friendly_name: string }) => {
    const client = await authClient()
    // An earlier attempt left unconfirmed: it would only clutter the account.
    for (const factor of user?.factors ?? []) {
      if (factor.status === 'unverified') await client.auth.mfa.unenroll({ factorId: factor.id })
    }
    const { data, error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: name || defaultName,
      issuer: ISSUER,
    })
    if (error) throw error
    props.onStarted({
      factorId: data.id,
      name: data.friendly_name ?? name,
      qrCode: qrImageUrl(data.totp.qr_code),
      secret: data.totp.secret,
    })
  }

  return (
    <form className="form profile-subform" onSubmit={submit.handle(start)} noValidate>
      <FormField
        label={t('profile.twoFactor.nameLabel')}
        hint={t('profile.twoFactor.nameHint')}
        error={submit.errorOf('friendly_name')}
      >
        {(control) => (
          <input
            {...control}
            autoComplete="off"
            required
            maxLength={60}
            autoFocus
            {...form.register('friendly_name')}
          />
        )}
      </FormField>
      <SubformEnd
        error={submit.error}
        pending={submit.pending}
        label={t('profile.twoFactor.continue')}
        onCancel={props.onCancel}
      />
    </form>
  )
}

/** Adds an authenticator app: name it, scan or type the secret, confirm with a first code. */
export function EnrolForm(props: { onDone(name: string): Promise<void>; onCancel(): void }) {
  const { t } = useI18n()
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)

  const cancel = () => {
    if (enrolment) {
      void authClient()
        .then((client) => client.auth.mfa.unenroll({ factorId: enrolment.factorId }))
        .catch(() => undefined)
    }
    props.onCancel()
  }

  if (!enrolment) return <EnrolNameForm onStarted={setEnrolment} onCancel={cancel} />
  return (
    <CodeForm
      label={t('profile.twoFactor.codeLabel')}
      submitLabel={t('profile.twoFactor.verify')}
      verify={async (code) => {
        const client = await authClient()
        const { error } = await client.auth.mfa.challengeAndVerify({
          factorId: enrolment.factorId,
          code,
        })
        if (error) throw error
        await props.onDone(enrolment.name)
      }}
      onCancel={cancel}
      frame={(field) => (
        <ol className="steps">
          <li>
            <p>{t('profile.twoFactor.scan')}</p>
            <img
              className="totp-qr"
              src={enrolment.qrCode}
              alt={t('profile.twoFactor.qrAlt')}
              width={180}
              height={180}
            />
            <p>{t('profile.twoFactor.typeSecret')}</p>
            <p>
              <code className="totp-secret" aria-label={t('profile.twoFactor.secretLabel')}>
                {groupedSecret(enrolment.secret)}
              </code>
            </p>
          </li>
          <li>{field}</li>
        </ol>
      )}
    />
  )
}

/** Removes a factor after a current code from it, which also proves the session is aal2. */
export function RemoveFactorForm(props: {
  factor: Factor
  onDone(): Promise<void>
  onCancel(): void
}) {
  const { t } = useI18n()
  const name = props.factor.friendly_name || t('profile.twoFactor.defaultName')
  return (
    <CodeForm
      label={t('profile.twoFactor.removeCodeLabel', { name })}
      submitLabel={t('profile.twoFactor.removeConfirm')}
      danger
      verify={async (code) => {
        const client = await authClient()
        const verified = await client.auth.mfa.challengeAndVerify({
          factorId: props.factor.id,
          code,
        })
        if (verified.error) throw verified.error
        const { error } = await client.auth.mfa.unenroll({ factorId: props.factor.id })
        if (error) throw error
        await props.onDone()
      }}
      onCancel={props.onCancel}
    />
  )
}
