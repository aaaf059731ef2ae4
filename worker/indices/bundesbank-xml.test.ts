import { describe, expect, it } from 'vitest'
import vpi from '../../tests/index-fixtures/bundesbank-vpi-2024.xml?raw'
import { parseBundesbankXml } from './bundesbank-xml'
import { priceIndex } from './price-index-catalog'

const VPI = priceIndex('DE-VPI-2020')

const document = (attributes: string, observations: string) =>
  `<message:GenericData xmlns:message="m" xmlns:generic="g"><message:DataSet><generic:Series>
  <generic:Attributes>${attributes}</generic:Attributes>${observations}
</generic:Series></message:DataSet></message:GenericData>`
const ID = '<generic:Value id="BBK_ID" value="BBDP1.M.DE.N.VPI.C.A00000.I20.A"/>'
const obs = (month: string, value?: string) =>
  `<generic:Obs><generic:ObsDimension value="${month}"/>${value === undefined ? '<generic:Attributes><generic:Value id="OBS_STATUS" value="K"/></generic:Attributes>' : `<generic:ObsValue value="${value}"/>`}</generic:Obs>`

describe('parseBundesbankXml', () => {
  it('reads each month of the series, exactly as written', () => {
    const values = parseBundesbankXml(vpi, VPI)
    expect(values).toHaveLength(12)
    expect(values[0]).toEqual({ index: 'DE-VPI-2020', month: '2024-01', value: '117.6' })
    expect(values.at(-1)).toEqual({ index: 'DE-VPI-2020', month: '2024-12', value: '120.5' })
  })

  it('skips a month without a value, and reads a data set without series as empty', () => {
    expect(parseBundesbankXml(document(ID, obs('2025-01', '120.3') + obs('2025-02')), VPI)).toEqual(
      [{ index: 'DE-VPI-2020', month: '2025-01', value: '120.3' }],
    )
    expect(
      parseBundesbankXml(
        '<message:GenericData xmlns:message="m"><message:DataSet></message:DataSet></message:GenericData>',
        VPI,
      ),
    ).toEqual([])
  })

  it('refuses another series, another base, a bad period or value, or no data set', () => {
    expect(() => parseBundesbankXml('<html>error</html>', VPI)).toThrow(/no GenericData/)
    expect(() =>
      parseBundesbankXml(document('<generic:Value id="BBK_ID" value="BBDP1.X"/>', ''), VPI),
    ).toThrow(/series BBDP1\.X/)
    expect(() =>
      parseBundesbankXml(
        document(`${ID}<generic:Value id="UNIT_ENG" value="2025 = 100"/>`, obs('2028-01', '100.2')),
        VPI,
      ),
    ).toThrow(/published at 2025=100/)
    expect(() => parseBundesbankXml(document(ID, obs('2025-Q1', '1')), VPI)).toThrow(/not a month/)
    expect(() => parseBundesbankXml(document(ID, obs('2025-01', '120,3')), VPI)).toThrow(
      /bad ObsValue/,
    )
  })
})
