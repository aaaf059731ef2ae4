import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { ApiError } from '../api/api-client'
import { api } from '../api/browser-api'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import { FormField } from '../components/form-field'
import { withNotice } from '../components/page-notice'
import { localeInfo } from '../../shared/i18n/locales'
import { clearPrivateCaches } from '../pwa/clear-private-caches'
import { buildPath } from '../../shared/routes/build-path'
import { DeleteCodeProof } from './delete-code-proof'
import { codeSchema, FormStatus, SubmitButton, useProfileSubmit } from './form-parts'
import { ProfileError } from './profile-errors'
import { useProfileUser } from './profile-user'

/** How the person proves it is them: their password, or a code mailed to them. */
const PROOFS = ['password', 'code'] as const
type Proof = (typeof PROOFS)[number]

/** Whether the typed word is the confirmation word (case and outer spaces do not matter). */
export function isConfirmWord(typed: string, word: string, iso: string): boolean {
  return typed.trim().toLocaleUpperCase(iso) === word.toLocaleUpperCase(iso)
}

/** The confirmation word, and the proof chosen: a password, or an emailed code. */
function deleteSchema(word: string, iso: string, proof: Proof) {
  return z.object({
    confirm: z.string().refine((typed) => isConfirmWord(typed, word, iso), 'confirm_word'),
    proof: z.enum(PROOFS),
    password: z.string(),
    code: proof === 'code' ? codeSchema : z.string(),
  })
}

/** Asks the worker to delete the account (the database checks the sign-in is recent). */
async function deleteAccount(): Promise<void> {
  try {
    await api.api.account.delete.$post()
  } catch (error) {
    const code = error instanceof ApiError ? error.code : null
    // The sign-in just made is older than the database accepts (five minutes): do it again.
    if (code === 'reauthentication_needed') throw new ProfileError('reauthentication_expired')
    if (code === 'not_authenticated') throw new ProfileError('not_authenticated')
    throw new ProfileError(
      error instanceof ApiError && error.status >= 500 ? 'unavailable' : 'unexpected',
    )
  }
}

/**
 * Deleting the account for good: the person types the confirmation word and signs in again
 * (password, or an emailed code for accounts without one); the worker then runs
 * `public.delete_my_account()`, which refuses unless that sign-in is under five minutes old.
 */
export function DeleteAccountForm({ onCancel }: { onCancel(): void }) {
  const { t, locale } = useI18n()
  const { viewer, user } = useProfileUser()
  const email = user?.email ?? viewer.email
  const word = t('profile.delete.word')
  const [codeSent, setCodeSent] = useState(false)
  const [proof, setProof] = useState<Proof>('password')
  const form = useForm({
    resolver: zodResolver(deleteSchema(word, localeInfo(locale).iso, proof)),
    defaultValues: { confirm: '', proof, password: '', code: '' },
  })
  const submit = useProfileSubmit(form, {
    confirm_word: 'confirm',
    invalid_credentials: 'password',
    code_invalid: 'code',
    otp_expired: 'code',
  })

  const send = async (values: z.output<ReturnType<typeof deleteSchema>>) => {
    const client = await authClient()
    const { error } =
      values.proof === 'password'
        ? await client.auth.signInWithPassword({ email, password: values.password })
        : await client.auth.verifyOtp({ email, token: values.code, type: 'email' })
    if (error) throw error
    await deleteAccount()
    // Nothing of this account may stay in this browser.
    await clearPrivateCaches().catch(() => undefined)
    await client.auth.signOut({ scope: 'local' }).catch(() => undefined)
    // The home page says it is done: the account and the session are gone by now.
    window.location.assign(withNotice(buildPath('home', locale), 'account-deleted'))
  }

  return (
    <form className="form" onSubmit={submit.handle(send)} noValidate>
      <FormField label={t('profile.delete.wordLabel', { word })} error={submit.errorOf('confirm')}>
        {(control) => (
          <input
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            autoFocus
            {...form.register('confirm')}
          />
        )}
      </FormField>
      <fieldset className="choice-group">
        <legend>{t('profile.delete.proofLegend')}</legend>
        {PROOFS.map((option) => (
          <div key={option} className="field field--check">
            <input
              id={`delete-proof-${option}`}
              type="radio"
              value={option}
              // Another proof: what was said of the last one no longer applies.
              {...form.register('proof', {
                onChange: () => {
                  setProof(option)
                  form.clearErrors()
                },
              })}
            />
            <label htmlFor={`delete-proof-${option}`}>{t(`profile.delete.proof.${option}`)}</label>
          </div>
        ))}
      </fieldset>
      {proof === 'password' ? (
        <FormField label={t('profile.delete.passwordLabel')} error={submit.errorOf('password')}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              required
              {...form.register('password')}
            />
          )}
        </FormField>
      ) : (
        <DeleteCodeProof
          email={email}
          sent={codeSent}
          onSent={() => setCodeSent(true)}
          error={submit.errorOf('code')}
          register={form.register('code')}
        />
      )}
      <FormStatus error={submit.error} />
      <div className="form-actions">
        <SubmitButton
          pending={submit.pending}
          variant="danger"
          label={t('profile.delete.submit')}
        />
        <button type="button" className="button" onClick={onCancel}>
          {t('profile.cancel')}
        </button>
      </div>
    </form>
  )
}
