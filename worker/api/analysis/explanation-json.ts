import type {
  Explanation,
  ExplanationSource,
  ExplanationStep,
  Instrument,
} from '../../../shared/api/schemas'
import type { Derivation, Step, StepSource } from '../../portfolio'
import type { InstrumentLookup } from './report-json'

/** The engine names instruments by code; the API by id, which is what the engine was given. */
function sourceJson(source: StepSource): ExplanationSource {
  switch (source.kind) {
    case 'transaction': {
      const { instrumentCode, ...rest } = source
      return { ...rest, instrumentId: instrumentCode }
    }
    case 'price': {
      const { instrumentCode, ...rest } = source
      return { ...rest, instrumentId: instrumentCode }
    }
    case 'fxRate':
    case 'basiszins':
    case 'priceIndex':
    case 'taxSetting':
      return source
  }
}

/**
 * A derivation as the API answers it: decimals as strings, instruments by id, and each
 * instrument a step names listed once with its code and name.
 */
export function explanationJson(
  derivation: Derivation,
  baseCurrency: string,
  instrumentOf: InstrumentLookup,
): Explanation {
  const instruments: Record<string, Instrument> = {}
  const name = (id: string | null) => {
    if (id !== null && !(id in instruments)) instruments[id] = instrumentOf(id)
  }
  const stepJson = (item: Step): ExplanationStep => {
    const source = item.source === null ? null : sourceJson(item.source)
    if (source !== null && 'instrumentId' in source) name(source.instrumentId)
    const instrument = item.params.instrument
    if (typeof instrument === 'string') name(instrument)
    return {
      op: item.op,
      kind: item.kind,
      label: item.label,
      params: item.params,
      value: typeof item.value === 'number' ? item.value : item.value.toString(),
      currency: item.currency,
      source,
      figure: item.figure,
      parts:
        item.parts === null
          ? null
          : { arithmetic: item.parts.arithmetic, steps: item.parts.steps.map(stepJson) },
    }
  }
  const steps = derivation.steps.map(stepJson)
  return {
    figure: derivation.figure,
    formula: derivation.formula,
    arithmetic: derivation.arithmetic,
    value:
      derivation.value === null || typeof derivation.value === 'number'
        ? derivation.value
        : derivation.value.toString(),
    kind: derivation.kind,
    currency: derivation.currency,
    baseCurrency,
    steps,
    notes: derivation.notes,
    instruments,
  }
}
