/** The README the snippets live in. */
export const README: string;
/** Every snippet of the README, by name. */
export function snippets(text?: string): Map<string, string>;
/** The snippet called `name`; throws when it is missing. */
export function snippet(name: string): string;
