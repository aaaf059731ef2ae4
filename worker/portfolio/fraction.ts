/**
 * A return or a share as a fraction of one, a float: 0.125 is 12.5 %. Screens multiply by 100
 * when they show a percentage.
 */
export type Fraction = number
