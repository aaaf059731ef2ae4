import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CODE_INPUT, FormField } from './form-field'

/** The attributes of the first tag named `tag` in `html`. */
function attributesOf(html: string, tag: string): Record<string, string> {
  const found = new RegExp(`<${tag}([^>]*)>`).exec(html)?.[1] ?? ''
  return Object.fromEntries(
    [...found.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]?.toLowerCase(), m[2]]),
  )
}

describe('FormField', () => {
  it('ties the label to the control, and nothing else when there is no hint or error', () => {
    const html = renderToStaticMarkup(
      <FormField label="Name">{(control) => <input {...control} name="name" />}</FormField>,
    )
    const input = attributesOf(html, 'input')
    expect(html).toMatch(/^<div class="field"><label for="([^"]+)">Name<\/label><input/)
    expect(attributesOf(html, 'label').for).toBe(input.id)
    expect(input['aria-invalid']).toBeUndefined()
    expect(input['aria-describedby']).toBeUndefined()
    expect(html).not.toContain('field__error')
  })

  it('describes the control by its error, its hint and other elements, in that order', () => {
    const html = renderToStaticMarkup(
      <FormField label="Password" hint="At least 8" error="Too short" describedBy="rules">
        {(control) => <input {...control} type="password" />}
      </FormField>,
    )
    const input = attributesOf(html, 'input')
    expect(input['aria-invalid']).toBe('true')
    expect(input['aria-describedby']).toBe(`${input.id}-error ${input.id}-hint rules`)
    expect(html).toContain(`<p id="${input.id}-hint" class="field__hint">At least 8</p>`)
    expect(html).toContain(`<p id="${input.id}-error" class="field__error">Too short</p>`)
  })

  it('announces an error as an alert when asked to', () => {
    const html = renderToStaticMarkup(
      <FormField label="Code" error="Wrong code" alert>
        {(control) => <input {...control} {...CODE_INPUT} />}
      </FormField>,
    )
    expect(html).toMatch(/<p id="[^"]+-error" class="field__error" role="alert">Wrong code<\/p>/)
    expect(attributesOf(html, 'input')).toMatchObject({
      inputmode: 'numeric',
      autocomplete: 'one-time-code',
      pattern: '[0-9]{6}',
      maxlength: '6',
    })
  })

  it('puts a check box before its label, and keeps extra classes', () => {
    const html = renderToStaticMarkup(
      <FormField check label="I agree" error="Required" className="extra">
        {(control) => <input {...control} type="checkbox" />}
      </FormField>,
    )
    expect(html).toMatch(
      /^<div class="field field--check extra"><input [^>]*type="checkbox"[^>]*\/?><label for="[^"]+">I agree<\/label><p [^>]*class="field__error">Required<\/p><\/div>$/,
    )
  })
})
