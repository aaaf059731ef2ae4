import { useI18n } from '../app/i18n-context'
import { collectAccountExport, exportFileName } from './account-export'
import { FormStatus, ProfileSection, SubmitButton, useAction, useErrorText } from './form-parts'
import { DONE, failed } from './profile-errors'

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
  const errorText = useErrorText()
  const action = useAction()

  const download = () => {
    void action.run(async () => {
      const now = new Date()
      const data = await collectAccountExport(locale, now).catch(() => null)
      if (!data) return failed('download_failed')
      saveJson(data, exportFileName(now))
      return DONE
    })
  }

  return (
    <ProfileSection id="data" title={t('profile.data.heading')} lead={t('profile.data.lead')}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault()
          download()
        }}
      >
        <FormStatus
          success={action.outcome?.ok ? t('profile.data.done') : null}
          error={action.errorCode ? errorText(action.errorCode) : null}
        />
        <div className="form-actions">
          <SubmitButton
            pending={action.pending}
            variant="plain"
            label={t('profile.data.download')}
          />
        </div>
      </form>
    </ProfileSection>
  )
}
