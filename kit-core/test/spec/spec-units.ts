/**
 * Splits the sections of SPEC.md that carry rules into units, one per sentence, in paragraphs and list
 * items alike. The rule index quotes each unit word for word.
 */
const RULE_SECTIONS = ['2', '4', '5', '6', '8', '9']

/** A sentence ends with '.', '!' or '?' followed by space and a capital, a quote or an opening bracket. */
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z'"(*])/

export interface SpecUnit {
  section: string
  text: string
}

export function specUnits(markdown: string): SpecUnit[] {
  const units: SpecUnit[] = []
  for (const block of markdown.split(/\n## /)) {
    const heading = block.split('\n', 1)[0] ?? ''
    const section = heading.split('.', 1)[0] ?? ''
    if (!RULE_SECTIONS.includes(section)) continue
    for (const paragraph of block.slice(heading.length).split(/\n\s*\n/)) {
      let current: string[] = []
      const flush = () => {
        const text = current.join(' ').trim()
        current = []
        if (text)
          for (const sentence of text.split(SENTENCE_END)) units.push({ section, text: sentence.trim() })
      }
      for (const line of paragraph.split('\n')) {
        if (line.trim() === '') continue
        if (/^\s*- /.test(line)) flush()
        current.push(line.replace(/^\s*- /, '').trim())
      }
      flush()
    }
  }
  return units
}
