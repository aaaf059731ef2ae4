import { createContext, useContext } from 'react'

/** Whether this installation sells Pro: the pricing page offers the checkout only then. */
export const CheckoutContext = createContext(false)

export function useCheckoutAvailable(): boolean {
  return useContext(CheckoutContext)
}
