import type { PortfolioReport } from '../../../shared/api/schemas'
import { formatMoney, formatPercent } from '../../../shared/i18n/format'
import type { MessageKey } from '../../../shared/i18n/messages'
import { useI18n } from '../../app/i18n-context'
import { Explained } from '../explain/explained-figure'
import { Money } from './figures'

type Totals = PortfolioReport['totals']
type Part = keyof Totals['investedCapitalParts']

/**
 * Invested capital is not the same figure in the two kinds of portfolio (docs/portfolio-math.md,
 * "Portfolio totals"): with cash, deposits less withdrawals; without, purchases less what sales
 * and income brought back. Each kind is named for what it is.
 */
export function investedCapitalLabel(recordsCash: boolean): MessageKey {
  return recordsCash ? 'portfolio.common.netDeposits' : 'portfolio.common.netInvested'
}

/** The parts each kind is made of; transfers appear in either only when there were some. */
const PARTS: Record<'cash' | 'noCash', readonly Part[]> = {
  cash: ['deposits', 'withdrawals'],
  noCash: ['purchases', 'sales', 'income', 'costs'],
}
const TRANSFERS: readonly Part[] = ['transfersIn', 'transfersOut']

/**
 * Invested capital as one figure of a `figures` list, named for the portfolio's kind, with what
 * it is, its parts and the total return on its peak one tap away.
 */
export function InvestedCapital(props: { totals: Totals; currency: string; asOf: string }) {
  const { totals, currency } = props
  const { t, formatLocale } = useI18n()
  const dates = { asOf: props.asOf }
  const recordsCash = totals.cashBalance !== null
  const parts = totals.investedCapitalParts
  const shown = [
    ...PARTS[recordsCash ? 'cash' : 'noCash'],
    ...TRANSFERS.filter((part) => parts[part] !== '0'),
  ]
  return (
    <div>
      <dt>{t(investedCapitalLabel(recordsCash))}</dt>
      <dd>
        <Explained
          figure={{ scope: 'totals', name: 'investedCapital' }}
          title={t(investedCapitalLabel(recordsCash))}
          dates={dates}
        >
          <Money amount={totals.investedCapital} currency={currency} />
        </Explained>
        <details className="figure-help">
          <summary>{t('portfolio.detail.invested.summary')}</summary>
          <p>
            {t(
              recordsCash
                ? 'portfolio.detail.invested.aboutCash'
                : 'portfolio.detail.invested.aboutNoCash',
            )}
          </p>
          <dl className="figure-help__parts">
            {shown.map((part) => (
              <div key={part}>
                <dt>{t(`portfolio.detail.invested.parts.${part}`)}</dt>
                <dd className="figure">
                  <Explained
                    figure={{ scope: 'capital', name: part }}
                    title={t(`portfolio.detail.invested.parts.${part}`)}
                    dates={dates}
                  >
                    {formatMoney(formatLocale, parts[part], currency, { signed: true })}
                  </Explained>
                </dd>
              </div>
            ))}
          </dl>
          {totals.totalReturn === null ? null : (
            <p>
              {t('portfolio.detail.invested.returnIs', {
                rate: formatPercent(formatLocale, totals.totalReturn, { signed: true }),
              })}{' '}
              {t('portfolio.detail.invested.returnExplained', {
                peak: formatMoney(formatLocale, totals.peakInvestedCapital, currency),
              })}
            </p>
          )}
        </details>
      </dd>
    </div>
  )
}

/** Why the total return is what it is: the figure it divides by (a portfolio's card). */
export function TotalReturnHelp(props: { peakInvestedCapital: string; currency: string }) {
  const { t, formatLocale } = useI18n()
  return (
    <details className="figure-help">
      <summary>{t('portfolio.detail.invested.returnSummary')}</summary>
      <p>
        {t('portfolio.detail.invested.returnExplained', {
          peak: formatMoney(formatLocale, props.peakInvestedCapital, props.currency),
        })}
      </p>
    </details>
  )
}
