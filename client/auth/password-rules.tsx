import { useI18n } from '../app/i18n-context'
import { PASSWORD_RULES, type PasswordRule } from '../../shared/auth/auth-dialog-state'

/** Sign-up's password rules, ticked off as the password is typed. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useI18n()
  return (
    <div id={id} className="password-rules">
      <p>{t('auth.signUp.rulesHeading')}</p>
      <ul>
        {(Object.keys(PASSWORD_RULES) as PasswordRule[]).map((rule) => {
          const met = PASSWORD_RULES[rule](password)
          return (
            <li key={rule} className={met ? 'is-met' : undefined}>
              <span aria-hidden="true">{met ? '✓' : '•'}</span> {t(`auth.signUp.rules.${rule}`)}
              <span className="visually-hidden">
                {' '}
                ({met ? t('auth.signUp.ruleMet') : t('auth.signUp.ruleUnmet')})
              </span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
