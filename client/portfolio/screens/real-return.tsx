import type { PortfolioSummary } from '../../../shared/api/schemas'
import { formatMonth } from '../../../shared/i18n/format'
import type { MessageKey } from '../../../shared/i18n/messages'
import { useI18n } from '../../app/i18n-context'
import { Explained } from '../explain/explained-figure'
import { Gain, Return } from './figures'

/** What a real index is called on the page (`TR-TUFE`: TÜFE). */
export function useIndexName(): (code: string) => string {
  const { t } = useI18n()
  return (code) => t(`portfolio.measure.indexes.${code}` as MessageKey)
}

/**
 * A card's total gain and return real, by its base currency's index (docs/real-returns.md, rule
 * 11), named in the term; marked provisional while the index's newest month is carried forward,
 * or why there is none.
 */
export function RealReturnFigure(props: {
  real: PortfolioSummary['real']
  index: string
  asOf: string
}) {
  const { t, formatLocale } = useI18n()
  const indexName = useIndexName()(props.index)
  const { gains } = props.real
  const label = t('portfolio.real.returnLabel', { index: indexName })
  const dates = { asOf: props.asOf }
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {gains === null ? (
          <span className="cell-note">
            {t(
              props.real.reason === 'index_unavailable'
                ? 'portfolio.real.unavailable'
                : 'portfolio.real.missing',
              { index: indexName },
            )}
          </span>
        ) : (
          <>
            <Explained
              figure={{ scope: 'measured', id: 'real', name: 'totalGain' }}
              title={t('portfolio.common.figureOf', {
                figure: t('portfolio.common.totalGain'),
                subject: indexName,
              })}
              dates={dates}
            >
              <Gain amount={gains.totalGain} currency={gains.currency} />
            </Explained>{' '}
            <Explained
              figure={{ scope: 'measured', id: 'real', name: 'totalReturn' }}
              title={label}
              dates={dates}
            >
              <Return value={gains.totalReturn} />
            </Explained>
            {gains.provisional && gains.index !== null ? (
              <span className="cell-note">
                {t('portfolio.real.provisional')}
                <span className="visually-hidden">
                  {': '}
                  {t('portfolio.real.provisionalNote', {
                    index: indexName,
                    month: formatMonth(formatLocale, gains.index.month),
                  })}
                </span>
              </span>
            ) : null}
          </>
        )}
      </dd>
    </div>
  )
}
