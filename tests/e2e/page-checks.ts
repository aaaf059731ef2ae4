import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * Axe's WCAG 2.1 A and AA rules: no serious or critical violation on the page, or in the part
 * `include` selects. In the light and then the dark theme, or only the theme shown
 * (`themes: 'shown'`); `label` names the step in the failure.
 */
export async function expectNoViolations(
  page: Page,
  options: { include?: string; themes?: 'both' | 'shown'; label?: string } = {},
) {
  const themes = options.themes === 'shown' ? [null] : (['light', 'dark'] as const)
  for (const colorScheme of themes) {
    if (colorScheme) await page.emulateMedia({ colorScheme })
    const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    const results = await (options.include ? builder.include(options.include) : builder).analyze()
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )
    expect(
      serious,
      [options.label, colorScheme ?? 'theme shown'].filter(Boolean).join(', '),
    ).toEqual([])
  }
}

/** No part of the page reaches past the screen's edge, once its charts have followed the width. */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0)
}
