import { createContext, useContext } from 'react'
import type { Translator } from '../../shared/i18n/translator'

export const I18nContext = createContext<Translator | null>(null)

/** The active language's translator; every component that shows text reads it from here. */
export function useI18n(): Translator {
  const translator = useContext(I18nContext)
  if (!translator) throw new Error('useI18n outside of <App>')
  return translator
}
