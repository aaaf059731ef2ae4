import type { ReactNode } from 'react'
import type { Instrument } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { buildPath } from '../../../shared/routes/build-path'

/**
 * A link to the instrument's transactions in this portfolio, reading its code and name unless
 * given other words.
 */
export function InstrumentLink(props: {
  portfolioId: string
  instrument: Instrument
  children?: ReactNode
}) {
  const { locale } = useI18n()
  const { instrument } = props
  const href = buildPath('transaction', locale, {
    id: props.portfolioId,
    code: instrument.code,
    name: instrument.slug,
  })
  return (
    <a href={href} className="instrument-link">
      {props.children ?? (
        <>
          <strong>{instrument.code}</strong>{' '}
          <span className="instrument-link__name">{instrument.name}</span>
        </>
      )}
    </a>
  )
}
