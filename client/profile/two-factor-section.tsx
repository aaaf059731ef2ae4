import type { Factor } from '@supabase/supabase-js'
import { useRef, useState, type FormEvent } from 'react'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import {
  CodeField,
  errorFor,
  FormStatus,
  ProfileSection,
  SubmitButton,
  TextField,
  useAction,
  useErrorText,
} from './form-parts'
import { dayOf } from './profile-dates'
import { DONE, failed, profileErrorCode, type ProfileErrorCode } from './profile-errors'
import { useProfileUser } from './profile-user'

const ISSUER = 'Kıymet'
const CODE = /^\d{6}$/

type Field = 'name' | 'code'
const FIELDS: Partial<Record<ProfileErrorCode, Field>> = {
  mfa_factor_name_conflict: 'name',
  code_invalid: 'code',
  mfa_verification_failed: 'code',
}

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

function cleanCode(value: string): string {
  return value.replace(/\s/g, '')
}

/** Adds an authenticator app: name it, scan or type the secret, confirm with a first code. */
function EnrolForm({
  onDone,
  onCancel,
}: {
  onDone(name: string): Promise<void>
  onCancel(): void
}) {
  const { t } = useI18n()
  const { user } = useProfileUser()
  const errorText = useErrorText()
  const action = useAction()
  const [name, setName] = useState(() => t('profile.twoFactor.defaultName'))
  const [code, setCode] = useState('')
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)

  const start = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void action.run(async () => {
      const client = await authClient()
      // An earlier attempt left unconfirmed: it would only clutter the account.
      for (const factor of user?.factors ?? []) {
        if (factor.status === 'unverified') await client.auth.mfa.unenroll({ factorId: factor.id })
      }
      const { data, error } = await client.auth.mfa.enroll({
        factorType: 'totp',
        friendlyName: name.trim() || t('profile.twoFactor.defaultName'),
        issuer: ISSUER,
      })
      if (error) return failed(profileErrorCode(error))
      setEnrolment({
        factorId: data.id,
        name: data.friendly_name ?? name,
        qrCode: qrImageUrl(data.totp.qr_code),
        secret: data.totp.secret,
      })
      return DONE
    })
  }

  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!enrolment) return
    void action.run(async () => {
      if (!CODE.test(cleanCode(code))) return failed('code_invalid')
      const client = await authClient()
      const { error } = await client.auth.mfa.challengeAndVerify({
        factorId: enrolment.factorId,
        code: cleanCode(code),
      })
      if (error) return failed(profileErrorCode(error))
      await onDone(enrolment.name)
      return DONE
    })
  }

  const cancel = () => {
    if (enrolment) {
      void authClient()
        .then((client) => client.auth.mfa.unenroll({ factorId: enrolment.factorId }))
        .catch(() => undefined)
    }
    onCancel()
  }

  const errorCode = action.errorCode
  const formError = errorFor(errorCode, FIELDS, 'form')
  if (!enrolment) {
    const nameError = errorFor(errorCode, FIELDS, 'name')
    return (
      <form className="form profile-subform" onSubmit={start} noValidate>
        <TextField
          label={t('profile.twoFactor.nameLabel')}
          name="friendly_name"
          autoComplete="off"
          required
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          hint={t('profile.twoFactor.nameHint')}
          error={nameError ? errorText(nameError) : null}
          autoFocus
        />
        <FormStatus error={formError ? errorText(formError) : null} />
        <div className="form-actions">
          <SubmitButton pending={action.pending} label={t('profile.twoFactor.continue')} />
          <button type="button" className="button" onClick={cancel}>
            {t('profile.cancel')}
          </button>
        </div>
      </form>
    )
  }
  const codeError = errorFor(errorCode, FIELDS, 'code')
  return (
    <form className="form profile-subform" onSubmit={verify} noValidate>
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
        <li>
          <CodeField
            label={t('profile.twoFactor.codeLabel')}
            name="code"
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={codeError ? errorText(codeError) : null}
            autoFocus
          />
        </li>
      </ol>
      <FormStatus error={formError ? errorText(formError) : null} />
      <div className="form-actions">
        <SubmitButton pending={action.pending} label={t('profile.twoFactor.verify')} />
        <button type="button" className="button" onClick={cancel}>
          {t('profile.cancel')}
        </button>
      </div>
    </form>
  )
}

/** Removes a factor after a current code from it, which also proves the session is aal2. */
function RemoveFactorForm(props: { factor: Factor; onDone(): Promise<void>; onCancel(): void }) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const action = useAction()
  const [code, setCode] = useState('')
  const name = props.factor.friendly_name || t('profile.twoFactor.defaultName')

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void action.run(async () => {
      if (!CODE.test(cleanCode(code))) return failed('code_invalid')
      const client = await authClient()
      const verified = await client.auth.mfa.challengeAndVerify({
        factorId: props.factor.id,
        code: cleanCode(code),
      })
      if (verified.error) return failed(profileErrorCode(verified.error))
      const { error } = await client.auth.mfa.unenroll({ factorId: props.factor.id })
      if (error) return failed(profileErrorCode(error))
      await props.onDone()
      return DONE
    })
  }

  const codeError = errorFor(action.errorCode, FIELDS, 'code')
  const formError = errorFor(action.errorCode, FIELDS, 'form')
  return (
    <form className="form profile-subform" onSubmit={onSubmit} noValidate>
      <CodeField
        label={t('profile.twoFactor.removeCodeLabel', { name })}
        name="code"
        required
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        error={codeError ? errorText(codeError) : null}
        autoFocus
      />
      <FormStatus error={formError ? errorText(formError) : null} />
      <div className="form-actions">
        <SubmitButton
          pending={action.pending}
          variant="danger"
          label={t('profile.twoFactor.removeConfirm')}
        />
        <button type="button" className="button" onClick={props.onCancel}>
          {t('profile.cancel')}
        </button>
      </div>
    </form>
  )
}

/**
 * Two-step verification with authenticator apps (TOTP): the apps in use, adding one, removing
 * one. With a verified app the session is at aal2, and the account's data is served only then.
 */
export function TwoFactorSection() {
  const { t, locale } = useI18n()
  const { user, reload } = useProfileUser()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<string | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const factors = (user?.factors ?? []).filter((factor) => factor.status === 'verified')

  // After a change, the list is loaded again before the message tells of it.
  const backToList = async (text: string | null) => {
    if (text) await reload()
    setAdding(false)
    setRemoving(null)
    setMessage(text)
    // The form that had focus is gone: focus goes back where the action started.
    requestAnimationFrame(() => addButton.current?.focus())
  }

  return (
    <ProfileSection
      id="two-factor"
      title={t('profile.twoFactor.heading')}
      lead={t('profile.twoFactor.lead')}
    >
      {!user ? (
        <p className="profile-loading" aria-busy="true">
          {t('profile.loading')}
        </p>
      ) : factors.length === 0 ? (
        <p>{t('profile.twoFactor.none')}</p>
      ) : (
        <ul className="item-list" aria-label={t('profile.twoFactor.listLabel')}>
          {factors.map((factor) => (
            <li key={factor.id} className="item-list__item">
              <div className="item-list__row">
                <div>
                  <strong>{factor.friendly_name || t('profile.twoFactor.defaultName')}</strong>
                  <span className="item-list__meta">
                    {t('profile.twoFactor.added', { date: dayOf(locale, factor.created_at) })}
                  </span>
                </div>
                {removing === factor.id ? null : (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => {
                      setMessage(null)
                      setAdding(false)
                      setRemoving(factor.id)
                    }}
                    aria-label={t('profile.twoFactor.removeNamed', {
                      name: factor.friendly_name || t('profile.twoFactor.defaultName'),
                    })}
                  >
                    {t('profile.twoFactor.remove')}
                  </button>
                )}
              </div>
              {removing === factor.id ? (
                <RemoveFactorForm
                  factor={factor}
                  onDone={() => backToList(t('profile.twoFactor.removed'))}
                  onCancel={() => void backToList(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <FormStatus success={message} />
      {adding ? (
        <EnrolForm
          onDone={(name) => backToList(t('profile.twoFactor.enabled', { name }))}
          onCancel={() => void backToList(null)}
        />
      ) : (
        <p>
          <button
            ref={addButton}
            type="button"
            className="button"
            disabled={!user}
            onClick={() => {
              setMessage(null)
              setRemoving(null)
              setAdding(true)
            }}
          >
            {factors.length === 0 ? t('profile.twoFactor.add') : t('profile.twoFactor.addAnother')}
          </button>
        </p>
      )}
    </ProfileSection>
  )
}
