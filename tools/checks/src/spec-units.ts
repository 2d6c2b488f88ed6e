/**
 * Splits the sections of a copy of the product specification that carry rules into units, one per sentence, in
 * paragraphs and list items alike, with their ids (§section.n). Used only to re-sync the rule index with a
 * specification file that someone names on the command line; nothing in the repository reads one otherwise.
 */
const RULE_SECTIONS = ['2', '4', '5', '6', '8', '9']

/** A sentence ends with '.', '!' or '?' followed by space and a capital, a quote or an opening bracket. */
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z'"(*])/

export interface SpecUnit {
  id: string
  text: string
}

export function specUnits(markdown: string): SpecUnit[] {
  const units: SpecUnit[] = []
  for (const block of markdown.split(/\n## /)) {
    const heading = block.split('\n', 1)[0] ?? ''
    const section = heading.split('.', 1)[0] ?? ''
    if (!RULE_SECTIONS.includes(section)) continue
    let n = 0
    const add = (text: string) => units.push({ id: `§${section}.${++n}`, text })
    for (const paragraph of block.slice(heading.length).split(/\n\s*\n/)) {
      let current: string[] = []
      const flush = () => {
        const text = current.join(' ').trim()
        current = []
        if (text) for (const sentence of text.split(SENTENCE_END)) add(sentence.trim())
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
