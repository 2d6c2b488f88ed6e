import { createHash } from 'node:crypto'

/**
 * The images the stand-in serves, all drawn here from the id they are asked for: a wallet gets a symmetric
 * 5x5 pattern on a tinted tile, assets, currencies and tokens a badge with their initials. No logo of anyone.
 */

function digest(seed: string): Buffer {
  return createHash('sha256').update(seed).digest()
}

function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${hue % 360} ${saturation}% ${lightness}%)`
}

/** Escapes text for an SVG text node. */
function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** A wallet icon: a mirrored 5x5 pattern from the id's hash, 96x96. */
export function walletIcon(id: string): string {
  const bytes = digest(`wallet:${id}`)
  const hue = ((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0)
  const cells: string[] = []
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if (((bytes[2 + row * 3 + col] ?? 0) & 1) === 0) continue
      for (const x of new Set([col, 4 - col])) {
        cells.push(`<rect x="${14 + x * 14}" y="${14 + row * 14}" width="14" height="14"/>`)
      }
    }
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<rect width="96" height="96" rx="22" fill="${hsl(hue, 65, 88)}"/>`,
    `<g fill="${hsl(hue + 180, 55, 38)}">${cells.join('')}</g>`,
    '</svg>',
  ].join('')
}

/** A round badge with up to four characters of `label`, tinted from `seed`. */
export function badgeIcon(seed: string, label: string): string {
  const bytes = digest(`badge:${seed}`)
  const hue = ((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0)
  const text = escapeXml(label.slice(0, 4).toUpperCase())
  const size = text.length > 3 ? 20 : 26
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    `<circle cx="32" cy="32" r="32" fill="${hsl(hue, 60, 45)}"/>`,
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="600" font-size="${size}" fill="#fff">${text}</text>`,
    '</svg>',
  ].join('')
}

/** Initials of an image id such as 'eip155-31337' or 'avatar-alice': the first letters of its words. */
export function initialsOf(id: string): string {
  const words = id.split(/[^A-Za-z0-9]+/).filter(Boolean)
  if (words.length === 0) return '?'
  if (words.length === 1) return (words[0] ?? '?').slice(0, 3)
  return words
    .slice(0, 3)
    .map((word) => word[0])
    .join('')
}
