import { Component, type ReactNode } from 'react'

interface Props {
  /** What to show instead of children that threw while rendering in the browser. */
  fallback: (error: Error) => ReactNode
  /** A new key (the path) clears a past error, so navigating away recovers. */
  resetKey: string
  children: ReactNode
}

interface State {
  error: Error | null
  resetKey: string
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey }
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children
  }
}
