import { useForm } from 'react-hook-form'
import { useI18n } from '../app/i18n-context'
import { collectAccountExport, exportFileName } from './account-export'
import { FormStatus, ProfileSection, SubmitButton, useProfileSubmit } from './form-parts'
import { ProfileError } from './profile-errors'

/** Hands the browser a file to save, made here from the data (nothing is stored anywhere). */
function saveJson(data: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** "Download my data": everything kept about the account, as a JSON file made in the browser. */
export function DataExportSection() {
  const { t, locale } = useI18n()
  const submit = useProfileSubmit(useForm())

  const download = async () => {
    const now = new Date()
    const data = await collectAccountExport(locale, now).catch(() => {
      throw new ProfileError('download_failed')
    })
    saveJson(data, exportFileName(now))
  }

  return (
    <ProfileSection id="data" title={t('profile.data.heading')} lead={t('profile.data.lead')}>
      <form className="form" onSubmit={submit.handle(download)}>
        <FormStatus success={submit.done ? t('profile.data.done') : null} error={submit.error} />
        <div className="form-actions">
          <SubmitButton
            pending={submit.pending}
            variant="plain"
            label={t('profile.data.download')}
          />
        </div>
      </form>
    </ProfileSection>
  )
}
