import { useI18n } from '../app/i18n-context'
import { saveFile } from '../app/save-file'

/**
 * A tax screen's year as a file and on paper: the CSV made here from what the screen shows
 * (`csv` runs when pressed), and the browser's print dialog, whose style leaves out the site.
 */
export function TaxActions(props: { csv: () => string; fileName: string }) {
  const { t } = useI18n()
  return (
    <div className="form-actions tax-actions">
      <button
        type="button"
        className="button button--primary"
        onClick={() => saveFile(props.csv(), 'text/csv;charset=utf-8', props.fileName)}
      >
        {t('tax.depot.downloadCsv')}
      </button>
      <button type="button" className="button" onClick={() => print()}>
        {t('tax.depot.print')}
      </button>
    </div>
  )
}
