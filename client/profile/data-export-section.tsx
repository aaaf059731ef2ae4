import { useForm } from 'react-hook-form'
import { useI18n } from '../app/i18n-context'
import { saveFile } from '../app/save-file'
import { collectAccountExport, exportFileName } from './account-export'
import { FormStatus, ProfileSection, SubmitButton, useProfileSubmit } from './form-parts'
import { ProfileError } from './profile-errors'

/** "Download my data": everything kept about the account, as a JSON file made in the browser. */
export function DataExportSection() {
  const { t, locale } = useI18n()
  const submit = useProfileSubmit(useForm())

  const download = async () => {
    const now = new Date()
    const data = await collectAccountExport(locale, now).catch(() => {
      throw new ProfileError('download_failed')
    })
    saveFile(`${JSON.stringify(data, null, 2)}\n`, 'application/json', exportFileName(now))
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
