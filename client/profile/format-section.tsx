import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useFormats } from '../app/formats-context'
import { useI18n } from '../app/i18n-context'
import { FormField } from '../components/form-field'
import { formatDate, formatNumber } from '../../shared/i18n/format'
import { ENGLISH_FORMATS, type FormatLocale } from '../../shared/i18n/format-locale'
import { writeFormatChoice } from './format-choice'
import { FormStatus, ProfileSection, SubmitButton, useProfileSubmit } from './form-parts'

/** Set before the page reloads with the new formats, read once there. */
const SAVED_FLAG = 'kiymet:format-saved'

const AUTOMATIC = 'automatic'

const formatSchema = z.object({ choice: z.enum([AUTOMATIC, ...ENGLISH_FORMATS]) })

type FormatValues = z.infer<typeof formatSchema>

/** A date and a number as `tag` writes them, to choose by. */
function samples(tag: FormatLocale) {
  return { date: formatDate(tag, '2026-11-25'), number: formatNumber(tag, '1234.56') }
}

/**
 * How the English pages write numbers and dates on this device: as the browser's languages say,
 * or as in a region chosen here. Shown on the English profile only (Turkish and German pages
 * always write their own way). Saving reloads the page, so everything renders anew with it.
 */
export function FormatSection() {
  const { t, formatLocale } = useI18n()
  const formats = useFormats()
  const initial: FormatValues = { choice: formats.chosen ? formats.english : AUTOMATIC }
  const form = useForm({ resolver: zodResolver(formatSchema), defaultValues: initial })
  const submit = useProfileSubmit(form)
  const [savedBefore, setSavedBefore] = useState(false)

  useEffect(() => {
    if (sessionStorage.getItem(SAVED_FLAG)) {
      sessionStorage.removeItem(SAVED_FLAG)
      setSavedBefore(true)
    }
  }, [])

  const save = async ({ choice }: FormatValues): Promise<void> => {
    if (choice === initial.choice) return
    writeFormatChoice(choice === AUTOMATIC ? null : choice)
    sessionStorage.setItem(SAVED_FLAG, '1')
    window.location.reload()
  }

  const saved = submit.done || (savedBefore && !form.formState.isDirty)
  return (
    <ProfileSection id="formats" title={t('profile.formats.heading')}>
      <form className="form" onSubmit={submit.handle(save)} noValidate>
        <FormField
          label={t('profile.formats.region')}
          hint={`${t('profile.formats.hint')} ${t('profile.formats.now', samples(formatLocale))}`}
        >
          {(control) => (
            <select {...control} defaultValue={initial.choice} {...form.register('choice')}>
              <option value={AUTOMATIC}>{t('profile.formats.automatic')}</option>
              {ENGLISH_FORMATS.map((tag) => (
                <option key={tag} value={tag}>
                  {t('profile.formats.option', {
                    region: t(`profile.formats.regions.${tag}`),
                    ...samples(tag),
                  })}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormStatus success={saved ? t('profile.formats.saved') : null} error={submit.error} />
        <div className="form-actions">
          <SubmitButton pending={submit.pending} label={t('profile.formats.save')} />
        </div>
      </form>
    </ProfileSection>
  )
}
