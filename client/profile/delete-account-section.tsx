import { useRef, useState, type FormEvent } from 'react'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import { localeInfo } from '../../shared/i18n/locales'
import { clearPrivateCaches } from '../pwa/clear-private-caches'
import { buildPath } from '../../shared/routes/build-path'
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
import {
  DONE,
  failed,
  isProfileErrorCode,
  profileErrorCode,
  type Outcome,
  type ProfileErrorCode,
} from './profile-errors'
import { useProfileUser } from './profile-user'

type Field = 'word' | 'password' | 'code'
const FIELDS: Partial<Record<ProfileErrorCode, Field>> = {
  confirm_word: 'word',
  invalid_credentials: 'password',
  code_invalid: 'code',
  otp_expired: 'code',
}

/** How the person proves it is them: their password, or a code mailed to them. */
type Proof = 'password' | 'code'

/** Whether the typed word is the confirmation word (case and outer spaces do not matter). */
export function isConfirmWord(typed: string, word: string, iso: string): boolean {
  return typed.trim().toLocaleUpperCase(iso) === word.toLocaleUpperCase(iso)
}

/** Asks the worker to delete the account (the database checks the sign-in is recent). */
async function deleteAccount(locale: string): Promise<Outcome> {
  const response = await fetch('/api/account/delete', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ locale }),
  })
  if (response.ok) return DONE
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } }
  const code = body.error?.code
  // The sign-in just made is older than the database accepts (five minutes): do it again.
  if (code === 'reauthentication_needed') return failed('reauthentication_expired')
  return failed(isProfileErrorCode(code) ? code : 'unexpected')
}

/**
 * The danger zone: deleting the account for good. The person types the confirmation word and
 * signs in again (password, or an emailed code for accounts without one); the worker then runs
 * `public.delete_my_account()`, which refuses unless that sign-in is under five minutes old.
 */
export function DeleteAccountSection() {
  const { t, locale } = useI18n()
  const { viewer, user } = useProfileUser()
  const errorText = useErrorText()
  const action = useAction()
  const sendCode = useAction()
  const [open, setOpen] = useState(false)
  const startButton = useRef<HTMLButtonElement>(null)
  const [word, setWord] = useState('')
  const [proof, setProof] = useState<Proof>('password')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [codeSent, setCodeSent] = useState(false)
  const email = user?.email ?? viewer.email
  const confirmWord = t('profile.delete.word')
  const iso = localeInfo(locale).iso

  const requestCode = () => {
    void sendCode.run(async () => {
      const client = await authClient()
      const { error } = await client.auth.signInWithOtp({
        email,
        options: { shouldCreateUser: false },
      })
      if (error) return failed(profileErrorCode(error))
      setCodeSent(true)
      return DONE
    })
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void action.run(async () => {
      if (!isConfirmWord(word, confirmWord, iso)) return failed('confirm_word')
      const client = await authClient()
      if (proof === 'password') {
        const { error } = await client.auth.signInWithPassword({ email, password })
        if (error) return failed(profileErrorCode(error))
      } else {
        const token = code.replace(/\s/g, '')
        if (!/^\d{6}$/.test(token)) return failed('code_invalid')
        const { error } = await client.auth.verifyOtp({ email, token, type: 'email' })
        if (error) return failed(profileErrorCode(error))
      }
      const outcome = await deleteAccount(locale)
      if (!outcome.ok) return outcome
      // Nothing of this account may stay in this browser.
      await clearPrivateCaches().catch(() => undefined)
      await client.auth.signOut({ scope: 'local' }).catch(() => undefined)
      window.location.assign(buildPath('home', locale))
      return DONE
    })
  }

  const errorCode = action.errorCode
  const error = (field: Field) => {
    const code = errorFor(errorCode, FIELDS, field)
    return code ? errorText(code) : null
  }
  const formError = errorFor(errorCode, FIELDS, 'form')
  return (
    <ProfileSection
      id="delete"
      title={t('profile.delete.heading')}
      lead={t('profile.delete.lead')}
      danger
    >
      {!open ? (
        <p>
          <button
            ref={startButton}
            type="button"
            className="button button--danger"
            onClick={() => setOpen(true)}
          >
            {t('profile.delete.start')}
          </button>
        </p>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('profile.delete.wordLabel', { word: confirmWord })}
            name="confirm"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            value={word}
            onChange={(event) => setWord(event.currentTarget.value)}
            error={error('word')}
            autoFocus
          />
          <fieldset className="choice-group">
            <legend>{t('profile.delete.proofLegend')}</legend>
            {(['password', 'code'] as const).map((option) => (
              <div key={option} className="field field--check">
                <input
                  id={`delete-proof-${option}`}
                  type="radio"
                  name="proof"
                  value={option}
                  checked={proof === option}
                  onChange={() => {
                    action.reset()
                    setProof(option)
                  }}
                />
                <label htmlFor={`delete-proof-${option}`}>
                  {t(`profile.delete.proof.${option}`)}
                </label>
              </div>
            ))}
          </fieldset>
          {proof === 'password' ? (
            <TextField
              label={t('profile.delete.passwordLabel')}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error('password')}
            />
          ) : (
            <div className="profile-subform">
              {codeSent ? null : <p>{t('profile.delete.codeLead', { email })}</p>}
              <FormStatus
                success={codeSent ? t('profile.delete.codeSent', { email }) : null}
                error={sendCode.errorCode ? errorText(sendCode.errorCode) : null}
              />
              <p>
                <button
                  type="button"
                  className="button"
                  aria-disabled={sendCode.pending || undefined}
                  onClick={requestCode}
                >
                  {sendCode.pending
                    ? t('profile.working')
                    : codeSent
                      ? t('profile.delete.resendCode')
                      : t('profile.delete.sendCode')}
                </button>
              </p>
              <CodeField
                label={t('profile.delete.codeLabel')}
                name="code"
                required
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                error={error('code')}
              />
            </div>
          )}
          <FormStatus error={formError ? errorText(formError) : null} />
          <div className="form-actions">
            <SubmitButton
              pending={action.pending}
              variant="danger"
              label={t('profile.delete.submit')}
            />
            <button
              type="button"
              className="button"
              onClick={() => {
                action.reset()
                setOpen(false)
                // The form is gone: focus returns to the button that opened it.
                requestAnimationFrame(() => startButton.current?.focus())
              }}
            >
              {t('profile.cancel')}
            </button>
          </div>
        </form>
      )}
    </ProfileSection>
  )
}
