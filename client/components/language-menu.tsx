import { useEffect, useRef, useState } from 'react'
import { useI18n } from '../app/i18n-context'
import { localeInfo } from '../../shared/i18n/locales'
import { LanguageLinks } from './language-links'

/**
 * The header's language menu: a disclosure button revealing the language links; Escape or a
 * click elsewhere closes it. The footer repeats the links for visitors without JavaScript.
 */
export function LanguageMenu() {
  const { t, locale } = useI18n()
  const [open, setOpen] = useState(false)
  const container = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      container.current?.querySelector('button')?.focus()
    }
    const onClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
    }
  }, [open])

  return (
    <div className="language-menu" ref={container}>
      <button
        type="button"
        className="language-menu__button"
        aria-expanded={open}
        aria-controls="language-menu-list"
        onClick={() => setOpen((value) => !value)}
      >
        <span className="visually-hidden">
          {t('layout.languageCurrent', { name: localeInfo(locale).name })}
        </span>
        <span aria-hidden="true">{locale.toUpperCase()}</span>
      </button>
      <div
        id="language-menu-list"
        className="language-menu__list"
        hidden={!open}
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setOpen(false)
        }}
      >
        <LanguageLinks current={locale} />
      </div>
    </div>
  )
}
