import type { StandInAnswer } from '../../tests/loopback-server'
import { addMonths, isMonth, monthOfDay } from '../../worker/indices/months'
import { PRICE_INDICES, type PriceIndexSource } from '../../worker/indices/price-index-catalog'
import { inventedIndex, monthsBetween, unpublishedMonths } from './index-series'

/**
 * The price index sources' answers (worker/indices/), in each one's format, from the invented
 * values of index-series.ts. A source has published each month by the end of the next, so the
 * newest month served is the one before today's.
 */

/** EVDS answers at most this many observations, the last ones before the end date. */
const EVDS_MAX_OBSERVATIONS = 150
/** BLS API version 1 answers at most this many years a request. */
const BLS_MAX_YEARS = 10

const json = (status: number, body: unknown): StandInAnswer => ({
  status,
  type: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
})
const noResults = (): StandInAnswer => ({
  status: 404,
  type: 'text/plain; charset=utf-8',
  body: 'No results found.',
})

function definitionOf(source: PriceIndexSource, sourceSeries: string) {
  return PRICE_INDICES.find(
    (index) => index.source === source && index.sourceSeries === sourceSeries,
  )
}

/** The values of the index `source` serves as `sourceSeries`, from `from` to `to`. */
function valuesOf(
  source: PriceIndexSource,
  sourceSeries: string,
  from: string,
  to: string,
  today: string,
): [string, string][] | null {
  const definition = definitionOf(source, sourceSeries)
  if (!definition) return null
  return monthsBetween(inventedIndex(definition.code, addMonths(monthOfDay(today), -1)), from, to)
}

/** `31-12-2012` → `2012-12`. */
function evdsMonth(date: string | null): string {
  const [, month, year] = date?.split('-') ?? []
  return `${year}-${month}`
}

/**
 * EVDS: `series=TP.TUFE1YI.T1&startDate=01-01-2003&endDate=31-12-2012&type=json` (what follows
 * `/evds/`), with the `key` header (without one, 403 as EVDS answers it).
 */
export function evdsAnswer(query: string, key: string | undefined, today: string): StandInAnswer {
  if (!key)
    return { status: 403, type: 'text/html', body: '<html><body>403 Forbidden</body></html>' }
  const params = new URLSearchParams(query)
  const series = params.get('series') ?? ''
  const from = evdsMonth(params.get('startDate'))
  const to = evdsMonth(params.get('endDate'))
  if (!isMonth(from) || !isMonth(to) || params.get('type') !== 'json') {
    return json(400, { error: 'bad parameters' })
  }
  const values = valuesOf('EVDS', series, from, to, today)
  if (values === null) return json(400, { error: `no series ${series}` })
  const field = series.replaceAll('.', '_')
  const items = values.slice(-EVDS_MAX_OBSERVATIONS).map(([month, value]) => ({
    Tarih: `${month.slice(0, 4)}-${Number(month.slice(5))}`,
    [field]: value,
    UNIXTIME: { $numberLong: String(Date.parse(`${month}-01T00:00:00+03:00`) / 1000) },
  }))
  return json(200, { totalCount: items.length, items })
}

const ECB_COLUMNS =
  'KEY,FREQ,REF_AREA,ADJUSTMENT,ICP_ITEM,STS_INSTITUTION,ICP_SUFFIX,TIME_PERIOD,OBS_VALUE,OBS_STATUS,OBS_CONF,OBS_PRE_BREAK,OBS_COM,TIME_FORMAT,BREAKS,COLLECTION,COMPILING_ORG,DATA_COMP,DISS_ORG,DOM_SER_IDS,PUBL_ECB,PUBL_MU,PUBL_PUBLIC,UNIT_INDEX_BASE,COMPILATION,COVERAGE,DECIMALS,SOURCE_AGENCY,TITLE,TITLE_COMPL,UNIT,UNIT_MULT'

/** The ECB Data Portal: `data/ICP/M.U2.N.000000.4.INX` (after `/ecb-data/`), as `csvdata`. */
export function ecbDataAnswer(path: string, params: URLSearchParams, today: string): StandInAnswer {
  const series = path.replace(/^data\//, '')
  const from = params.get('startPeriod') ?? '0000-01'
  const to = params.get('endPeriod') ?? '9999-12'
  const values = valuesOf('ECB', series, from, to, today)
  if (values === null || values.length === 0 || params.get('format') !== 'csvdata') {
    return noResults()
  }
  const key = series.replace('/', '.')
  const [, ...dimensions] = key.split('.')
  const rows = values.map(
    ([month, value]) =>
      `${key},${dimensions.join(',')},${month},${value},A,F,,,P1M,,A,,,,,,,,2025=100,,,2,4F0,HICP - Overall index,"Euro area (changing composition) - HICP - Overall index, Monthly Index, Eurostat, Neither seasonally nor working day adjusted",PURE_NUMB,0`,
  )
  return { status: 200, type: 'text/csv; charset=utf-8', body: [ECB_COLUMNS, ...rows].join('\n') }
}

/** The Bundesbank: `data/BBDP1/M.DE.N.VPI.C.A00000.I20.A` (after `/bundesbank/`), generic data. */
export function bundesbankAnswer(
  path: string,
  params: URLSearchParams,
  today: string,
): StandInAnswer {
  const series = path.replace(/^data\//, '')
  const from = params.get('startPeriod') ?? '0000-01'
  const to = params.get('endPeriod') ?? '9999-12'
  const values = valuesOf('BUNDESBANK', series, from, to, today)
  if (values === null || values.length === 0) return noResults()
  const id = series.replace('/', '.')
  const observations = values.map(
    ([month, value]) => `
      <generic:Obs>
        <generic:ObsDimension value="${month}"></generic:ObsDimension>
        <generic:ObsValue value="${value}"></generic:ObsValue>
      </generic:Obs>`,
  )
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<message:GenericData xmlns:common="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/common" xmlns:generic="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/generic" xmlns:message="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message">
  <message:Header>
    <message:ID>${id.replaceAll('.', '_')}</message:ID>
    <message:Test>false</message:Test>
    <message:Prepared>${today}T09:00:00+01:00</message:Prepared>
    <message:Sender id="BBK"><common:Name xml:lang="de">Deutsche Bundesbank</common:Name></message:Sender>
  </message:Header>
  <message:DataSet action="Replace" setID="${id.split('.')[0]}">
    <generic:Series>
      <generic:SeriesKey>
        <generic:Value id="BBK_STD_FREQ" value="M"></generic:Value>
      </generic:SeriesKey>
      <generic:Attributes>
        <generic:Value id="TIME_FORMAT" value="P1M"></generic:Value>
        <generic:Value id="BBK_ID" value="${id}"></generic:Value>
        <generic:Value id="BBK_UNIT" value="2020 = 100"></generic:Value>
        <generic:Value id="UNIT_ENG" value="2020 = 100"></generic:Value>
        <generic:Value id="BBK_TITLE_ENG" value="Consumer price index / Germany / Total / 2020 = 100"></generic:Value>
      </generic:Attributes>${observations.join('')}
    </generic:Series>
  </message:DataSet>
</message:GenericData>
`
  return { status: 200, type: 'application/vnd.sdmx.genericdata+xml;version=2.1', body }
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** The BLS API v1: a POST of `{"seriesid": [...], "startyear", "endyear"}`, newest first. */
export function blsAnswer(posted: Record<string, unknown> | null, today: string): StandInAnswer {
  const ids = Array.isArray(posted?.seriesid) ? (posted.seriesid as unknown[]) : []
  const startYear = Number(posted?.startyear)
  let endYear = Number(posted?.endyear)
  if (ids.length === 0 || !Number.isInteger(startYear) || !Number.isInteger(endYear)) {
    return json(200, {
      status: 'REQUEST_NOT_PROCESSED',
      responseTime: 3,
      message: ['Series does not exist for Series ' + String(ids[0])],
      Results: {},
    })
  }
  const message: string[] = []
  if (endYear - startYear + 1 > BLS_MAX_YEARS) {
    endYear = startYear + BLS_MAX_YEARS - 1
    message.push('Year range has been reduced to the system-allowed limit of 10 years.')
  }
  const series = ids.map((id) => {
    const values = valuesOf('BLS', String(id), `${startYear}-01`, `${endYear}-12`, today) ?? []
    const definition = definitionOf('BLS', String(id))
    const gaps = definition ? unpublishedMonths(definition.code) : []
    const months = [...values.map(([month]) => month), ...gaps]
      .filter((month) => month >= `${startYear}-01` && month <= `${endYear}-12`)
      .filter((month) => month <= addMonths(monthOfDay(today), -1))
      .sort()
      .reverse()
    const byMonth = new Map(values)
    return {
      seriesID: String(id),
      data: months.map((month, at) => ({
        year: month.slice(0, 4),
        period: `M${month.slice(5)}`,
        periodName: MONTH_NAMES[Number(month.slice(5)) - 1],
        ...(at === 0 && month === addMonths(monthOfDay(today), -1) ? { latest: 'true' } : {}),
        value: byMonth.get(month) ?? '-',
        footnotes: byMonth.has(month)
          ? [{}]
          : [{ code: 'X', text: 'Data unavailable due to the 2025 lapse in appropriations.' }],
      })),
    }
  })
  return json(200, { status: 'REQUEST_SUCCEEDED', responseTime: 41, message, Results: { series } })
}
