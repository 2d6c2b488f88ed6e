import type { ReactNode } from 'react'

export const metadata = { title: 'Latchkey · Next.js' }

/** The root layout: no remote font, no script of its own. */
export default function RootLayout(props: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: 24 }}>{props.children}</body>
    </html>
  )
}
