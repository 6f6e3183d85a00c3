// author.ts — the author mode (being written).
import type { AuthorOwner, AuthorPanel } from './owner';

export function makeAuthor(owner: AuthorOwner): AuthorPanel {
  return { element: document.createElement('section'), render: () => void owner };
}
