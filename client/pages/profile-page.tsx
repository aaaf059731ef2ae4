import { useI18n } from '../app/i18n-context'
import { AccountSection } from '../profile/account-section'
import { DataExportSection } from '../profile/data-export-section'
import { DeleteAccountSection } from '../profile/delete-account-section'
import { DevicesSection } from '../profile/devices-section'
import { EmailSection } from '../profile/email-section'
import { FormatSection } from '../profile/format-section'
import { PasswordSection } from '../profile/password-section'
import { PlanSection } from '../profile/plan-section'
import { ProfileUserProvider, useProfileUser } from '../profile/profile-user'
import { SignInMethodsSection } from '../profile/sign-in-methods-section'
import { TaxSection } from '../profile/tax-section'
import { TwoFactorSection } from '../profile/two-factor-section'
import { definePage } from './page-definition'

/** The page's parts, in the order they appear, for the table of contents. */
const PARTS = [
  ['plan', 'profile.plan.heading'],
  ['account', 'profile.account.heading'],
  ['formats', 'profile.formats.heading'],
  ['taxes', 'profile.taxes.heading'],
  ['email', 'profile.email.heading'],
  ['password', 'profile.password.heading'],
  ['two-factor', 'profile.twoFactor.heading'],
  ['devices', 'profile.devices.heading'],
  ['sign-in-methods', 'profile.methods.heading'],
  ['data', 'profile.data.heading'],
  ['delete', 'profile.delete.heading'],
] as const

function ProfileContent() {
  const { t, locale } = useI18n()
  // Only English pages follow a region; Turkish and German ones always write their own way.
  const parts = PARTS.filter(([id]) => id !== 'formats' || locale === 'en')
  const { viewer, user, loadFailed } = useProfileUser()
  const name = (user?.user_metadata.display_name as string | undefined) ?? viewer.name
  return (
    <div className="profile">
      <header className="profile__header">
        <h1 id="page-heading" tabIndex={-1}>
          {t('profile.heading')}
        </h1>
        <p className="lead">
          {name ? <strong>{name}</strong> : null}
          {name ? ' · ' : null}
          <span className="profile-email">{user?.email ?? viewer.email}</span>
        </p>
        {loadFailed ? (
          <p className="notice notice--warning" role="alert">
            {t('profile.loadFailed')}
          </p>
        ) : null}
      </header>
      <nav className="profile__toc" aria-label={t('profile.tocLabel')}>
        <ul>
          {parts.map(([id, heading]) => (
            <li key={id}>
              <a href={`#${id}`}>{t(heading)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="profile__sections">
        <PlanSection />
        <AccountSection />
        {locale === 'en' ? <FormatSection /> : null}
        <TaxSection />
        <EmailSection />
        <PasswordSection />
        <TwoFactorSection />
        <DevicesSection />
        <SignInMethodsSection />
        <DataExportSection />
        <DeleteAccountSection />
      </div>
    </div>
  )
}

/**
 * The profile: the plan, account settings, tax settings, sign-in and security, devices, data and
 * account deletion.
 */
function ProfilePage() {
  return (
    <ProfileUserProvider>
      <ProfileContent />
    </ProfileUserProvider>
  )
}

export default definePage({ Component: ProfilePage })
