import { useSyncExternalStore } from 'react'
import { isTimeZone } from '../../shared/time/day-in-zone'

/** Offered first: the languages' own zones, their neighbours' and a few usual elsewhere. */
export const COMMON_TIME_ZONES = [
  'Europe/Istanbul',
  'Europe/Berlin',
  'Europe/Vienna',
  'Europe/Zurich',
  'Europe/Amsterdam',
  'Europe/Paris',
  'Europe/London',
  'America/New_York',
  'UTC',
] as const

/** What only the browser knows: its own zone and every zone it knows, UTC first. */
export interface BrowserZones {
  device: string | null
  all: readonly string[]
}

let known: BrowserZones | undefined

function browserZones(): BrowserZones {
  if (!known) {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone
    // Intl lists canonical zones only, without UTC.
    const listed =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
    known = {
      device: isTimeZone(device) ? device : null,
      all: ['UTC', ...listed.filter((zone) => zone !== 'UTC')],
    }
  }
  return known
}

const unchanging = () => () => {}

/**
 * The browser's zones, once the page has hydrated; null while rendering on the server and
 * hydrating, so the markup matches what the server sent (its platform lists other zones).
 */
export function useBrowserZones(): BrowserZones | null {
  return useSyncExternalStore(unchanging, browserZones, () => null)
}

/**
 * The zones of the common group: the usual ones, then the device's and the one saved, when
 * they are not among them.
 */
export function commonZones(device: string | null, saved: string): string[] {
  const zones: string[] = [...COMMON_TIME_ZONES]
  for (const zone of [device, saved]) if (zone && !zones.includes(zone)) zones.push(zone)
  return zones
}

/**
 * A zone as the list names it: its IANA name, with spaces for underscores.
 * @example zoneLabel('America/New_York') // 'America/New York'
 */
export function zoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ')
}

/**
 * A zone by its last part, its city, where a short name must do (a closed list on a phone).
 * @example zoneCity('Europe/Istanbul') // 'Istanbul'
 */
export function zoneCity(zone: string): string {
  return zoneLabel(zone.slice(zone.lastIndexOf('/') + 1))
}
