import type { DetailedHTMLProps, HTMLAttributes } from 'react'

/** The attributes `<latchkey-button>` reads (see @latchkey/ui). Booleans are written as present ('') or absent. */
export interface LatchkeyButtonAttributes {
  size?: 'md' | 'sm'
  label?: string
  loadingLabel?: string
  balance?: 'show' | 'hide'
  disabled?: ''
  kit?: string
}

/** The attributes `<latchkey-network-button>` reads. */
export interface LatchkeyNetworkButtonAttributes {
  disabled?: ''
  kit?: string
}

type ElementProps<A> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & A

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'latchkey-button': ElementProps<LatchkeyButtonAttributes>
      'latchkey-network-button': ElementProps<LatchkeyNetworkButtonAttributes>
      'latchkey-modal': ElementProps<{ kit?: string }>
    }
  }
}
