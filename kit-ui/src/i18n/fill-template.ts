/** `template` with each `{name}` replaced by the parameter of that name, as text; a missing one stays visible. */
export function fillTemplate(template: string, params?: Readonly<Record<string, string | number>>): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}
