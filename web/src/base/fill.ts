// fill.ts — the one template filler: "{name}" placeholders from vars.

/** Fill the {name} placeholders of a template from vars; unknown names stay as they are. */
export function fill(template: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : m));
}
