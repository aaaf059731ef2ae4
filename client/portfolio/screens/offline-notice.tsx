import { useI18n } from '../../app/i18n-context'
import { formatDateTime } from '../../../shared/i18n/format'
import type { Fetched } from '../../api/browser-api'
import { useOnline } from '../data/portfolio-queries'

/**
 * Says when the screen shows a copy kept for offline reading, and from when: shown while the
 * device is offline or when an answer came from the service worker's copy.
 */
export function OfflineNotice({ fetched }: { fetched: (Fetched<unknown> | undefined)[] }) {
  const { t, formatLocale } = useI18n()
  const online = useOnline()
  const present = fetched.filter((item): item is Fetched<unknown> => item !== undefined)
  const fromCache = present.some((item) => item.fromCache)
  if ((online && !fromCache) || present.length === 0) return null
  const asOf = Math.min(...present.map((item) => item.asOf))
  return (
    <p className="notice notice--warning offline-notice" role="status">
      {t('portfolio.offline.notice', { time: formatDateTime(formatLocale, asOf) })}
    </p>
  )
}
