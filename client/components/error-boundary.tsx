import { Component, type ReactNode } from 'react'

interface Props {
  /** What to show instead of children that threw while rendering in the browser. */
  fallback: ReactNode
  /** A new key (the path) clears a past error, so navigating away recovers. */
  resetKey: string
  children: ReactNode
}

interface State {
  failed: boolean
  resetKey: string
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey }

  // The error itself is not shown (React logs it to the console): its message is for developers.
  static getDerivedStateFromError(): Partial<State> {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey }
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
