// Small inline icons (24px grid, stroked with currentColor); decorative: hidden from assistive technology.
const paths = {
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 5l-7 7 7 7',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  external: 'M14 5h5v5M19 5l-8 8M17 14v5H5V7h5',
  disconnect: 'M15 12H4M8 8l-4 4 4 4M12 4h7v16h-7',
  chevron: 'M9 5l7 7-7 7',
  search: 'M11 4a7 7 0 100 14 7 7 0 000-14zM20 20l-4-4',
  grid: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  qr: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2',
  check: 'M5 12l5 5 9-10',
  network: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  arrowOut: 'M7 17L17 7M9 7h8v8',
  arrowIn: 'M17 7L7 17M7 9v8h8',
  arrowsSwap: 'M4 8h14l-4-4M20 16H6l4 4',
  mail: 'M4 6h16v12H4zM4 7l8 6 8-6',
} as const

export type IconName = keyof typeof paths

/** An icon of the set above. */
export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  )
}
