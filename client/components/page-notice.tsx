import { useEffect, useState } from 'react'
import { useI18n } from '../app/i18n-context'
import { useUserSnapshot } from '../auth/user-store'
import type { MessageKey } from '../../shared/i18n/messages'
import { NAVIGATED_EVENT, type NavigatedDetail } from '../navigation/navigated-event'

/**
 * What a page can be asked to say once, as it opens after something that left the screen it
 * happened on (deleting the account ends on the home page). Each is a fixed text: the address
 * only picks one, so a link made elsewhere can show nothing but these.
 */
const NOTICES = {
  'account-deleted': 'layout.notices.accountDeleted',
} as const satisfies Record<string, MessageKey>

export type Notice = keyof typeof NOTICES

const NOTICE_PARAM = 'notice'

/** `path` with a notice for the page it opens. */
export function withNotice(path: string, notice: Notice): string {
  const url = new URL(path, 'http://x')
  url.searchParams.set(NOTICE_PARAM, notice)
  return `${url.pathname}${url.search}${url.hash}`
}

/** The notice an address names; null for none or for anything that is not one. */
export function noticeOf(url: URL): Notice | null {
  const named = url.searchParams.get(NOTICE_PARAM)
  return named !== null && Object.hasOwn(NOTICES, named) ? (named as Notice) : null
}

/**
 * The notice the address names, shown once the page is hydrated (public pages are rendered
 * once for everyone) and taken out of the address, so reloading or sharing the page does not
 * repeat it; gone when another screen is shown. An account that was deleted is said to be so
 * only to someone signed out.
 */
export function PageNotice() {
  const { t } = useI18n()
  const { viewer } = useUserSnapshot()
  const [notice, setNotice] = useState<Notice | null>(null)

  useEffect(() => {
    const url = new URL(window.location.href)
    if (!url.searchParams.has(NOTICE_PARAM)) return
    setNotice(noticeOf(url))
    url.searchParams.delete(NOTICE_PARAM)
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`)
    const onNavigated = (event: Event) => {
      if (!(event as CustomEvent<NavigatedDetail>).detail.initial) setNotice(null)
    }
    window.addEventListener(NAVIGATED_EVENT, onNavigated)
    return () => window.removeEventListener(NAVIGATED_EVENT, onNavigated)
  }, [])

  const shown = notice === 'account-deleted' && viewer.status !== 'signed-out' ? null : notice
  // The region is always there, so screen readers announce what appears in it.
  return (
    <div className="page-notice" role="status">
      {shown ? <p className="notice notice--success">{t(NOTICES[shown])}</p> : null}
    </div>
  )
}
