import type { Instrument } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { buildPath } from '../../../shared/routes/build-path'

/** The instrument's code and name, linking to its transactions in this portfolio. */
export function InstrumentLink(props: { portfolioId: string; instrument: Instrument }) {
  const { locale } = useI18n()
  const { instrument } = props
  const href = buildPath('transaction', locale, {
    id: props.portfolioId,
    code: instrument.code,
    name: instrument.slug,
  })
  return (
    <a href={href} className="instrument-link">
      <strong>{instrument.code}</strong>{' '}
      <span className="instrument-link__name">{instrument.name}</span>
    </a>
  )
}
