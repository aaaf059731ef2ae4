import { describe, expect, it } from 'vitest'
import { isTimeZone } from '../../shared/time/day-in-zone'
import { LANGUAGE_TIME_ZONES } from '../../shared/time/user-time-zone'
import { COMMON_TIME_ZONES, commonZones, zoneCity, zoneLabel } from './time-zone-choices'

describe('commonZones', () => {
  it('offers every language’s zone, each a zone the platform knows', () => {
    for (const zone of Object.values(LANGUAGE_TIME_ZONES)) {
      expect(COMMON_TIME_ZONES).toContain(zone)
    }
    for (const zone of COMMON_TIME_ZONES) expect(isTimeZone(zone), zone).toBe(true)
  })

  it('adds the device’s zone and the saved one once each', () => {
    expect(commonZones('Asia/Tokyo', 'Europe/Madrid').slice(-2)).toEqual([
      'Asia/Tokyo',
      'Europe/Madrid',
    ])
    expect(commonZones('Europe/Berlin', '')).toEqual([...COMMON_TIME_ZONES])
    expect(commonZones(null, 'Asia/Tokyo').filter((zone) => zone === 'Asia/Tokyo')).toHaveLength(1)
  })
})

describe('zoneLabel', () => {
  it('writes spaces for underscores', () => {
    expect(zoneLabel('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos Aires')
  })
})

describe('zoneCity', () => {
  it('is the last part of the name', () => {
    expect(zoneCity('Europe/Istanbul')).toBe('Istanbul')
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires')
    expect(zoneCity('UTC')).toBe('UTC')
  })
})
