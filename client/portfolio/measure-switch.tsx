import { useCallback, useEffect, useId, useState } from 'react'
import { useI18n } from '../app/i18n-context'
import { readViewChoice, storeViewChoice } from '../app/view-choices'
import type { Translator } from '../../shared/i18n/translator'
import { isMeasure, measuresFor, realIndexOf, type Measure } from '../../shared/portfolio/measures'

/** A measure in words: "Nominal", "Real (TÜFE)", "Real (euro area HICP)", "In US dollars". */
export function measureLabel(t: Translator['t'], baseCurrency: string, measure: Measure): string {
  if (measure === 'real' || measure === 'real-vpi') {
    // Offered only where the currency has the index (measuresFor).
    const index = realIndexOf(baseCurrency, measure) ?? 'US-CPI-1982'
    return t('portfolio.measure.options.real', { index: t(`portfolio.measure.indexes.${index}`) })
  }
  return t(`portfolio.measure.options.${measure}`)
}

/**
 * The measure a portfolio's returns are shown in, remembered per portfolio in this browser. The
 * page is rendered nominal (the server knows no choice) and takes the remembered one after it
 * hydrates; a remembered measure the portfolio's currency no longer offers is dropped.
 */
export function useMeasure(
  portfolioId: string,
  baseCurrency: string | undefined,
): [Measure, (measure: Measure) => void] {
  const [measure, setMeasure] = useState<Measure>('nominal')
  useEffect(() => {
    if (baseCurrency === undefined) return
    const stored = readViewChoice('measure', portfolioId)
    setMeasure(isMeasure(stored) && measuresFor(baseCurrency).includes(stored) ? stored : 'nominal')
  }, [portfolioId, baseCurrency])
  const choose = useCallback(
    (next: Measure) => {
      setMeasure(next)
      storeViewChoice('measure', portfolioId, next === 'nominal' ? null : next)
    },
    [portfolioId],
  )
  return [measure, choose]
}

/** "Measure in": the measures a portfolio in `baseCurrency` offers, as a labelled select. */
export function MeasureSwitch(props: {
  baseCurrency: string
  measure: Measure
  onChange: (measure: Measure) => void
}) {
  const { t } = useI18n()
  const id = useId()
  return (
    <div className="measure-switch">
      <label htmlFor={id}>{t('portfolio.measure.label')}</label>
      <select
        id={id}
        value={props.measure}
        onChange={(event) => {
          const next = event.target.value
          if (isMeasure(next)) props.onChange(next)
        }}
      >
        {measuresFor(props.baseCurrency).map((measure) => (
          <option key={measure} value={measure}>
            {measureLabel(t, props.baseCurrency, measure)}
          </option>
        ))}
      </select>
    </div>
  )
}
