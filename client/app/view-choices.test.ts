import { describe, expect, it } from 'vitest'
import { forgetViewChoices, type ChoiceStorage } from './view-choices'

function storageOf(
  entries: Record<string, string>,
): ChoiceStorage & { values: Map<string, string> } {
  const values = new Map(Object.entries(entries))
  return {
    values,
    get length() {
      return values.size
    },
    key: (index) => [...values.keys()][index] ?? null,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  }
}

describe('forgetViewChoices', () => {
  it('forgets every portfolio’s measure and benchmark, and nothing else', () => {
    const storage = storageOf({
      'kiymet.view.measure.p1': 'real',
      'kiymet.view.benchmark.p1': '{"id":"i","name":"My fund"}',
      'kiymet.view.measure.p2': 'USD',
      'kiymet-private-owner': 'user-a',
    })
    forgetViewChoices(storage)
    expect([...storage.values.keys()]).toEqual(['kiymet-private-owner'])
  })
})
