import type { Factor } from '@supabase/supabase-js'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import { DeviceChoice, useDeviceName } from '../auth/device-choice'
import { CODE_INPUT, FormField } from '../components/form-field'
import type { MfaDevice } from '../../shared/auth/viewer'
import { codeSchema, FormStatus, SubmitButton, useProfileSubmit } from './form-parts'
import { useProfileUser } from './profile-user'

const ISSUER = 'Kıymet'

/** An enrolment waiting for its first code: what the authenticator app needs. */
export interface Enrolment {
  factorId: string
  name: string
  qrCode: string
  secret: string
  /** The key as an `otpauth://` URI, which authenticator apps open. */
  uri: string
}

/** A verified factor as a device the person can name and choose. */
export function deviceOf(factor: Factor): MfaDevice {
  return { id: factor.id, name: factor.friendly_name ?? '' }
}

/** The URI as a link to follow, when it is a TOTP key for an authenticator app; else null. */
export function otpauthLink(uri: string): string | null {
  return uri.startsWith('otpauth://totp/') ? uri : null
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

const codeFormSchema = z.object({ code: codeSchema, factor: z.string() })

/**
 * Asks for a current code of an authenticator app and hands it to `verify`; `from` names the
 * devices the code may come from (the person chooses when there are several; the first is
 * chosen at first), `frame` places the field (among the enrolment's steps, say).
 */
function CodeForm(props: {
  label: string
  submitLabel: string
  danger?: boolean
  from?: { legend: string; devices: readonly MfaDevice[] }
  verify(code: string, factorId: string): Promise<void>
  onCancel(): void
  frame?: (field: ReactNode) => ReactNode
}) {
  const devices = props.from?.devices ?? []
  const form = useForm({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '', factor: devices[0]?.id ?? '' },
  })
  const submit = useProfileSubmit(form, { code_invalid: 'code', mfa_verification_failed: 'code' })
  const field = (
    <>
      {props.from && devices.length > 1 ? (
        <DeviceChoice
          legend={props.from.legend}
          devices={devices}
          field={form.register('factor')}
        />
      ) : null}
      <FormField label={props.label} error={submit.errorOf('code')}>
        {(control) => (
          <input {...control} {...CODE_INPUT} required autoFocus {...form.register('code')} />
        )}
      </FormField>
    </>
  )
  return (
    <form
      className="form profile-subform"
      onSubmit={submit.handle(({ code, factor }) => props.verify(code, factor))}
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

/** Names a new authenticator app (a backup device's name suggests one) and starts its enrolment. */
function EnrolNameForm(props: {
  backup: boolean
  onStarted(enrolment: Enrolment): void
  onCancel(): void
}) {
  const { t } = useI18n()
  const { user } = useProfileUser()
  const defaultName = t(
    props.backup ? 'profile.twoFactor.backupName' : 'profile.twoFactor.defaultName',
  )
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
      uri: data.totp.uri,
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

/**
 * What an authenticator app needs to add the account: the QR code to scan, a link that opens the
 * app with the key (a phone cannot scan its own screen), and the key to type.
 */
export function TotpKey({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useI18n()
  const link = otpauthLink(enrolment.uri)
  return (
    <>
      <p>{t('profile.twoFactor.scan')}</p>
      <img
        className="totp-qr"
        src={enrolment.qrCode}
        alt={t('profile.twoFactor.qrAlt')}
        width={180}
        height={180}
      />
      {link ? (
        <>
          <p>{t('profile.twoFactor.onThisDevice')}</p>
          <p>
            <a className="button" href={link}>
              {t('profile.twoFactor.openApp')}
            </a>
          </p>
        </>
      ) : null}
      <p>{t('profile.twoFactor.typeSecret')}</p>
      <p>
        <code className="totp-secret" aria-label={t('profile.twoFactor.secretLabel')}>
          {groupedSecret(enrolment.secret)}
        </code>
      </p>
    </>
  )
}

/**
 * Adds an authenticator app: name it, scan, open or type the key, confirm with a first code.
 * `backup`: another one joins those in use.
 */
export function EnrolForm(props: {
  backup: boolean
  onDone(name: string): Promise<void>
  onCancel(): void
}) {
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

  if (!enrolment) {
    return <EnrolNameForm backup={props.backup} onStarted={setEnrolment} onCancel={cancel} />
  }
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
            <TotpKey enrolment={enrolment} />
          </li>
          <li>{field}</li>
        </ol>
      )}
    />
  )
}

/**
 * Removes a device after a current code, which also proves the session is aal2. The code comes
 * from a device that stays: verifying the one removed would leave the session raised by it, and
 * removing it takes such a session back to aal1 while the others still guard the account. Only
 * the last device confirms its own removal, which turns two-step verification off.
 */
export function RemoveFactorForm(props: {
  factor: Factor
  /** Every verified device of the account, this one among them. */
  devices: readonly MfaDevice[]
  onDone(): Promise<void>
  onCancel(): void
}) {
  const { t } = useI18n()
  const nameOf = useDeviceName()
  const others = props.devices.filter((device) => device.id !== props.factor.id)
  const confirmBy = others.length > 0 ? others : [deviceOf(props.factor)]
  const [only] = confirmBy
  return (
    <CodeForm
      label={
        confirmBy.length === 1 && only
          ? t('profile.twoFactor.removeCodeLabel', { name: nameOf(only) })
          : t('profile.twoFactor.chosenCodeLabel')
      }
      submitLabel={t('profile.twoFactor.removeConfirm')}
      danger
      from={{ legend: t('profile.twoFactor.confirmDevice'), devices: confirmBy }}
      verify={async (code, factorId) => {
        const client = await authClient()
        const verified = await client.auth.mfa.challengeAndVerify({ factorId, code })
        if (verified.error) throw verified.error
        const { error } = await client.auth.mfa.unenroll({ factorId: props.factor.id })
        if (error) throw error
        await props.onDone()
      }}
      onCancel={props.onCancel}
      frame={(field) => (
        <>
          <p className={others.length > 0 ? undefined : 'notice notice--warning'}>
            {t(
              others.length > 0
                ? 'profile.twoFactor.removeWithOther'
                : 'profile.twoFactor.removeLast',
            )}
          </p>
          {field}
        </>
      )}
    />
  )
}
