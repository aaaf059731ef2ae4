/**
 * What a user chose to see on a portfolio's screen (the measure, the benchmark), remembered on
 * this device under one prefix, so that the choices leave with the user: they name portfolios and
 * instruments, and the next person on the device must not read them (`claimPrivateCaches`).
 */
const PREFIX = 'kiymet.view.'

type ViewChoice = 'measure' | 'benchmark'

export type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

const keyOf = (choice: ViewChoice, portfolioId: string) => `${PREFIX}${choice}.${portfolioId}`

/** The remembered choice; null when none, or when storage is refused (private mode, a policy). */
export function readViewChoice(choice: ViewChoice, portfolioId: string): string | null {
  try {
    return localStorage.getItem(keyOf(choice, portfolioId))
  } catch {
    return null
  }
}

/** Remembers `value` (null: forgets it); a refused storage keeps it for this page only. */
export function storeViewChoice(choice: ViewChoice, portfolioId: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(keyOf(choice, portfolioId))
    else localStorage.setItem(keyOf(choice, portfolioId), value)
  } catch {
    // Not remembered on this device; the screen still shows the choice.
  }
}

/** Forgets every portfolio's choices. */
export function forgetViewChoices(storage: ChoiceStorage): void {
  const keys: string[] = []
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index)
    if (key?.startsWith(PREFIX)) keys.push(key)
  }
  for (const key of keys) storage.removeItem(key)
}
