import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FormError } from './form-error'

describe('FormError', () => {
  it('announces a refusal of the whole form, and renders nothing without one', () => {
    expect(renderToStaticMarkup(<FormError message="Try again later." />)).toBe(
      '<p class="notice notice--error" role="alert">Try again later.</p>',
    )
    expect(renderToStaticMarkup(<FormError message={null} />)).toBe('')
  })
})
