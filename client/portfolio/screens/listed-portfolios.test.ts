import { describe, expect, it } from 'vitest'
import { listedPortfolios } from './listed-portfolios'
import { PORTFOLIO_ID, portfolioList } from './screen-fixtures'

describe('listedPortfolios', () => {
  const [listed] = portfolioList.portfolios
  const second = { ...listed!, id: '0b7c3f52-6d0e-4a51-9f7e-2c4a8e1d5b60', name: 'İkinci' }
  const full = { ...portfolioList, limits: { ...portfolioList.limits, portfolios: 2 } }
  const list = { ...full, portfolios: [listed!, second] }

  it('is at the limit with as many portfolios as the plan allows', () => {
    expect(listedPortfolios(list, new Set())).toEqual({
      portfolios: [listed, second],
      limitReached: 2,
    })
  })

  it('leaves out the one being deleted, from the cards and from the count', () => {
    expect(listedPortfolios(list, new Set([PORTFOLIO_ID]))).toEqual({
      portfolios: [second],
      limitReached: null,
    })
    const alone = { ...portfolioList, portfolios: [listed!] }
    expect(listedPortfolios(alone, new Set([PORTFOLIO_ID]))).toEqual({
      portfolios: [],
      limitReached: null,
    })
  })

  it('never is at a limit the plan does not have', () => {
    const unlimited = { ...list, limits: { ...list.limits, portfolios: null } }
    expect(listedPortfolios(unlimited, new Set()).limitReached).toBeNull()
  })
})
