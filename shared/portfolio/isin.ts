/**
 * Whether a text is an ISIN: two letters, nine letters or digits, and the Luhn check digit over
 * the code with each letter spelled as its number (A = 10 … Z = 35), as ISO 6166 defines it.
 */
export function isValidIsin(text: string): boolean {
  if (!/^[A-Z]{2}[A-Z0-9]{9}\d$/.test(text)) return false
  const digits = [...text]
    .map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55)))
    .join('')
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}
