import type { Locale } from '../../shared/i18n/locales'

/**
 * The landing page's product images: screens of the demo account (dev/demo) in every language and
 * theme, at a phone's and a desktop's width, rendered by `npm run images`
 * (scripts/images/landing-shots.ts) into `public/landing/`. The page and the script read this one
 * list, so the page's width and height attributes are always the files' own.
 */
export const LANDING_SHOTS = ['overview', 'holdings', 'performance', 'sales'] as const
export type LandingShot = (typeof LANDING_SHOTS)[number]

export const LANDING_THEMES = ['light', 'dark'] as const
export type LandingTheme = (typeof LANDING_THEMES)[number]

/**
 * The viewport each form is rendered at (CSS pixels) and the widths its files come in: the
 * largest is the screenshot itself (a phone's at twice its density), the other is for small slots.
 */
export const LANDING_FORMS = {
  phone: { viewport: { width: 375, height: 740 }, scale: 2, widths: [375, 750] },
  desktop: { viewport: { width: 1280, height: 800 }, scale: 1, widths: [640, 1280] },
} as const
export type LandingForm = keyof typeof LANDING_FORMS

export interface LandingImage {
  shot: LandingShot
  form: LandingForm
  locale: Locale
  theme: LandingTheme
}

/** The file of one image at one width, under `public/`. */
export function landingImagePath(image: LandingImage, width: number): string {
  return `/landing/${image.shot}-${image.form}-${image.locale}-${image.theme}-${width}w.webp`
}

/** A form's pixel height at `width`: every file keeps its viewport's proportions. */
export function landingImageHeight(form: LandingForm, width: number): number {
  const { viewport } = LANDING_FORMS[form]
  return Math.round((width * viewport.height) / viewport.width)
}

/** The `srcset` of one image: every width it comes in. */
export function landingSrcSet(image: LandingImage): string {
  return LANDING_FORMS[image.form].widths
    .map((width) => `${landingImagePath(image, width)} ${width}w`)
    .join(', ')
}
