import { describe, expect, it } from 'vitest'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { ApiError, OfflineError } from '../api/api-client'
import { SERVER_ERROR } from '../components/form-submit'
import {
  dateErrorText,
  fieldErrorText,
  portfolioNameError,
  saveProblemOf,
  schemaErrorCode,
  serverFieldText,
} from './form-errors'

describe('fieldErrorText', async () => {
  const german = createTranslator('de', await loadMessages('de'))
  const english = createTranslator('en', await loadMessages('en'))

  it('localizes the schemas’ codes, and anything unknown as invalid', () => {
    expect(fieldErrorText(german, { type: 'custom', message: 'positive' })).toBe(
      'Geben Sie eine Zahl größer als null ein.',
    )
    expect(fieldErrorText(german, { type: 'custom', message: 'Invalid input' })).toBe(
      'Dieser Wert ist ungültig.',
    )
    expect(fieldErrorText(german, undefined)).toBeNull()
  })

  it('explains an unreadable number with an example in the locale format', () => {
    expect(fieldErrorText(german, { type: 'custom', message: 'number.ambiguous' })).toBe(
      'Nachkommastellen mit Komma trennen, Tausender nur mit Punkt, etwa 1.234,56.',
    )
  })

  it('explains an unreadable or future date with the locale pattern and an example', () => {
    expect(fieldErrorText(german, { type: 'custom', message: 'date.malformed' })).toBe(
      'Geben Sie das Datum als TT.MM.JJJJ ein, etwa 25.11.2026.',
    )
    expect(fieldErrorText(german, { type: 'custom', message: 'date.future' })).toBe(
      'Das Datum darf nicht in der Zukunft liegen.',
    )
    expect(dateErrorText(english, 'ambiguous')).toBe(
      'This could be read as two different days. Enter it as MM/DD/YYYY, such as 11/25/2026.',
    )
    expect(fieldErrorText(german, { type: 'custom', message: 'date.nonsense' })).toBe(
      'Dieser Wert ist ungültig.',
    )
  })

  it('shows the API’s own text for a code it does not know', () => {
    expect(fieldErrorText(german, { type: SERVER_ERROR, message: 'Vom Server' })).toBe('Vom Server')
    expect(serverFieldText(german, { code: 'positive', message: 'x' })).toBe(
      'Geben Sie eine Zahl größer als null ein.',
    )
    expect(
      serverFieldText(german, { code: 'instrument_currency', message: 'Andere Währung' }),
    ).toBe('Andere Währung')
  })
})

describe('schemaErrorCode', () => {
  it('names a bad date, and everything else invalid', () => {
    expect(schemaErrorCode({ code: 'invalid_format', format: 'date' })).toBe('date')
    expect(schemaErrorCode({ code: 'invalid_value' })).toBe('invalid')
  })
})

describe('saveProblemOf', async () => {
  const german = createTranslator('de', await loadMessages('de'))

  it('localizes the field codes it knows and keeps the API’s message for the whole', () => {
    const refused = new ApiError(400, 'validation_failed', 'Prüfen Sie die Angaben.', [
      { path: 'transaction.quantity', code: 'positive', message: 'Größer als null' },
      { path: 'transaction.instrumentId', code: 'instrument_currency', message: 'Andere Währung' },
    ])
    expect(saveProblemOf(german, refused, 'Fehlgeschlagen')).toEqual({
      message: 'Prüfen Sie die Angaben.',
      fields: [
        { path: 'transaction.quantity', message: 'Geben Sie eine Zahl größer als null ein.' },
        { path: 'transaction.instrumentId', message: 'Andere Währung' },
      ],
    })
  })

  it('shows the engine’s sentence at the field it blames, not “invalid”', () => {
    // The API's answer to selling more than held (tests/worker/api.test.ts): the engine's code
    // and its localized sentence, with the field at fault marked only as invalid.
    const sentence =
      'Sie können nicht mehr Stücke verkaufen oder übertragen, als das Portfolio an diesem Tag hält.'
    const oversold = {
      error: {
        code: 'insufficient_quantity',
        message: sentence,
        fields: [
          { path: 'transaction.quantity', code: 'invalid', message: 'Dieser Wert ist ungültig.' },
        ],
      },
    }
    expect(saveProblemOf(german, oversold, 'Fehlgeschlagen')).toEqual({
      message: sentence,
      fields: [{ path: 'transaction.quantity', message: sentence }],
    })
    // A schema's own "invalid" keeps the field's text: its message speaks of the whole form.
    const invalid = new ApiError(422, 'validation_failed', 'Prüfen Sie die Angaben.', [
      { path: 'transaction.note', code: 'invalid', message: 'Ungültig' },
    ])
    expect(saveProblemOf(german, invalid, 'Fehlgeschlagen').fields).toEqual([
      { path: 'transaction.note', message: 'Dieser Wert ist ungültig.' },
    ])
  })

  it('falls back to the given message when the rejection is no API error', () => {
    expect(saveProblemOf(german, new Error('offline'), 'Fehlgeschlagen')).toEqual({
      message: 'Fehlgeschlagen',
      fields: [],
    })
  })

  it('falls back to the given message when the API was not reached', () => {
    const offline = new OfflineError('Der Server ist nicht erreichbar.')
    expect(saveProblemOf(german, offline, 'Offline nicht möglich')).toEqual({
      message: 'Offline nicht möglich',
      fields: [],
    })
  })
})

describe('portfolioNameError', async () => {
  const english = createTranslator('en', await loadMessages('en'))

  it('says what a name must be for any check of its own, and keeps the API’s text', () => {
    const wanted = english.t('portfolio.list.create.nameRequired')
    expect(portfolioNameError(english, { type: 'custom', message: 'required' })).toBe(wanted)
    expect(portfolioNameError(english, { type: 'custom', message: 'too_long' })).toBe(wanted)
    expect(portfolioNameError(english, { type: SERVER_ERROR, message: 'Taken.' })).toBe('Taken.')
    expect(portfolioNameError(english, undefined)).toBeNull()
  })
})
