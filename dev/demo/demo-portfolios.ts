import type { PortfolioSettings } from '../../worker/portfolio/transactions'
import { demoSplit, type DemoMarket } from './demo-market'
import { seededRandom } from './seeded-random'
import { TransactionScript, type DemoTransaction } from './transaction-script'

export interface DemoPortfolio {
  name: string
  settings: PortfolioSettings
  transactions: DemoTransaction[]
}

/** Withholding in parts per 100,000: Turkish stopaj and the US treaty rate, German Abgeltungsteuer + Soli. */
const WITHHOLDING_TR = 15_000
const WITHHOLDING_US = 15_000
const WITHHOLDING_DE = 26_375

/** Amounts below are in minor units (kuruş, cents); days count from the first day of the market. */
const LAST_DAY = 730

/**
 * A Turkish investor's brokerage account in lira, weighted average cost as Turkish brokers report
 * it, no cash kept: BIST shares and one US share, a bonus issue, a rights issue, a split, a
 * transfer to another broker, a position sold out, dividends taxed at source, a custody fee and a
 * tax declared on foreign income.
 */
export function bistPortfolio(market: DemoMarket): DemoPortfolio {
  const settings: PortfolioSettings = {
    baseCurrency: 'TRY',
    costBasisMethod: 'AVERAGE',
    recordsCash: false,
  }
  const script = new TransactionScript(market, settings, (gross) => Math.round(gross * 0.002))
  script.buy(0, 'THYAO', 100)
  script.buy(8, 'ASELS', 200)
  script.buy(15, 'BIMAS', 40)
  script.buy(22, 'AAPL', 15)
  script.buy(40, 'KCHOL', 150)
  script.buy(120, 'THYAO', 50)
  script.buy(240, 'AAPL', 10)
  script.buy(300, 'THYAO', 50)
  script.bonusIssue(demoSplit('ASELS'), 'Bedelsiz sermaye artırımı: her hisseye bir yeni hisse')
  script.sell(400, 'ASELS', 100)
  script.transferOut(450, 'KCHOL', 50, 'Başka aracı kuruma virman')
  script.buy(480, 'THYAO', 50)
  script.buy(480, 'ASELS', 100)
  script.rightsIssue(530, 'THYAO', 50, 100, 'Bedelli sermaye artırımı: %20, pay başına 1 TL')
  script.sell(540, 'KCHOL', 100)
  script.split(demoSplit('BIMAS'), 'Hisse bölünmesi: her hisseye iki hisse')
  script.sell(600, 'AAPL', 5)
  script.buy(650, 'BIMAS', 20)
  script.buy(LAST_DAY, 'THYAO', 20)

  const appleQuarters = [75, 166, 257, 348, 439, 530, 621, 712]
  appleQuarters.forEach((day, quarter) =>
    script.dividend(day, 'AAPL', quarter < 4 ? 25 : 26, WITHHOLDING_US),
  )
  script.dividend(150, 'BIMAS', 1000, WITHHOLDING_TR)
  script.dividend(515, 'BIMAS', 1250, WITHHOLDING_TR)
  script.dividend(190, 'KCHOL', 750, WITHHOLDING_TR)
  script.dividend(500, 'KCHOL', 820, WITHHOLDING_TR)
  script.dividend(560, 'ASELS', 35, WITHHOLDING_TR)
  script.fee(365, 15_000, 'Yıllık saklama ücreti')
  script.fee(725, 18_000, 'Yıllık saklama ücreti')
  script.feeRefund(740, 6_000, 'Saklama ücreti iadesi (kampanya)')
  script.tax(470, 24_000, 'Yurt dışı temettü geliri için beyanname vergisi', 'AAPL')
  return { name: 'BIST ve ABD', settings, transactions: script.transactions('bist') }
}

/**
 * A German depot in euros, first in, first out as German tax law counts: shares moved in from an
 * old depot with their original cost and date, a monthly savings plan into an all-world ETF paid
 * by monthly deposits, a partial sale across two lots, dividends and interest with Abgeltungsteuer
 * withheld, the yearly Vorabpauschale on the ETF, a depot fee, a withdrawal and euros changed into
 * dollars.
 */
export function xetraPortfolio(market: DemoMarket): DemoPortfolio {
  const settings: PortfolioSettings = {
    baseCurrency: 'EUR',
    costBasisMethod: 'FIFO',
    recordsCash: true,
  }
  const script = new TransactionScript(market, settings, () => 490)
  script.deposit(1, 2_000_000, 'İlk para yatırma')
  script.transferIn(2, 'SAP', 30, 11_840, 700, 'Eski depodan virman')
  script.buy(9, 'SIE', 40)
  script.buy(16, 'ALV', 20)
  for (let month = 0; month < 24; month += 1) {
    const day = 5 + Math.round(month * 30.42)
    script.deposit(day, 50_000, 'Aylık birikim planı')
    script.buyFor(day + 2, 'VWCE', 50_000)
  }
  script.buy(200, 'SAP', 10)
  script.sell(500, 'SAP', 35)
  script.withdraw(505, 300_000, 'Vadesiz hesaba aktarım')
  script.exchange(520, 200_000, 'USD', 'Dolar hesabına')
  script.buy(LAST_DAY, 'SIE', 5)

  script.dividend(70, 'SIE', 520, WITHHOLDING_DE)
  script.dividend(435, 'SIE', 535, WITHHOLDING_DE)
  script.dividend(165, 'SAP', 220, WITHHOLDING_DE)
  script.dividend(530, 'SAP', 235, WITHHOLDING_DE)
  script.dividend(160, 'ALV', 1380, WITHHOLDING_DE)
  script.dividend(525, 'ALV', 1540, WITHHOLDING_DE)
  const interest = seededRandom('XETRA interest')
  for (const day of [90, 181, 272, 363, 454, 545, 636, 727]) {
    const amount = 1200 + Math.floor(interest() * 2600)
    script.interest(day, amount, WITHHOLDING_DE, 'Nakit faizi')
  }
  script.tax(35, 412, 'Vorabpauschale', 'VWCE')
  script.tax(400, 987, 'Vorabpauschale', 'VWCE')
  script.taxRefund(460, 1_234, 'Steuererstattung aus Verlustverrechnung')
  script.fee(360, 990, 'Yıllık depo ücreti')
  script.fee(700, 990, 'Yıllık depo ücreti')
  return { name: 'XETRA', settings, transactions: script.transactions('xetra') }
}
