import { createContext, useContext } from 'react'
import type { PaddleClient } from '../../shared/api/schemas'

/** Paddle.js's settings where this installation sells Pro; null where it does not. */
export const CheckoutContext = createContext<PaddleClient | null>(null)

export function useCheckout(): PaddleClient | null {
  return useContext(CheckoutContext)
}
