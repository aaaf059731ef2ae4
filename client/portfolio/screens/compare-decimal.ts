/** Orders two magnitudes written as plain digit strings (no sign). */
function compareMagnitude(a: string, b: string): number {
  const [aWhole = '0', aFraction = ''] = a.split('.')
  const [bWhole = '0', bFraction = ''] = b.split('.')
  const wholeA = aWhole.replace(/^0+(?=\d)/, '')
  const wholeB = bWhole.replace(/^0+(?=\d)/, '')
  if (wholeA.length !== wholeB.length) return wholeA.length < wholeB.length ? -1 : 1
  if (wholeA !== wholeB) return wholeA < wholeB ? -1 : 1
  const width = Math.max(aFraction.length, bFraction.length)
  const fractionA = aFraction.padEnd(width, '0')
  const fractionB = bFraction.padEnd(width, '0')
  return fractionA === fractionB ? 0 : fractionA < fractionB ? -1 : 1
}

const isZero = (text: string) => !/[1-9]/.test(text)

/**
 * Orders two API decimal strings exactly, without turning them into floats (sorting a table by
 * amounts that differ beyond a float's precision still sorts them right).
 * @example compareDecimal('-2.5', '1') // -1
 */
export function compareDecimal(a: string, b: string): number {
  const negativeA = a.startsWith('-') && !isZero(a)
  const negativeB = b.startsWith('-') && !isZero(b)
  if (negativeA !== negativeB) return negativeA ? -1 : 1
  const order = compareMagnitude(a.replace(/^-/, ''), b.replace(/^-/, ''))
  return negativeA ? -order : order
}
