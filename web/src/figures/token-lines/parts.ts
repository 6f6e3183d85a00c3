// parts.ts — the token view's elements, built once: the root (div.tl.fig),
// the figure box holding the <svg role="img"> (svg.ts) and the token buttons
// (tokens.ts), the note shown instead of the lines for too many tokens, the
// aria-live readout and the toolbar with "Show all". Plus two writers that
// touch the DOM only when a value changes (a drag redraws on every move).

import { createSvg, type SvgLayers } from './svg';
import { createButtons, type TokenButtons } from './tokens';
import type { TokenLinesWords } from './words';

/** The elements of one token view. */
export interface TokenLinesParts {
  /** The root: div.tl.fig with its data-testid. */
  element: HTMLDivElement;
  /** The box of the SVG and the buttons (sized to the layout; hidden when nothing is drawn). */
  figure: HTMLDivElement;
  layers: SvgLayers;
  buttons: TokenButtons;
  /** The note in place of the lines when a side has too many tokens. */
  note: HTMLParagraphElement;
  /** The aria-live line that says what is pointed at. */
  readout: HTMLParagraphElement;
  /** "Show all": ends the choice of a token (disabled when none is chosen). */
  clearButton: HTMLButtonElement;
}

/** Build the elements of a token view (not yet in the document), with the words' first texts. */
export function createParts(doc: Document, w: TokenLinesWords, testid: string): TokenLinesParts {
  const element = doc.createElement('div');
  element.className = 'tl fig';
  element.dataset['testid'] = testid;

  const figure = doc.createElement('div');
  figure.className = 'tl-figure';
  const layers = createSvg(doc);
  const buttons = createButtons(doc);
  figure.append(layers.svg, buttons.box);

  const note = doc.createElement('p');
  note.className = 'tl-note';
  note.hidden = true;
  const readout = doc.createElement('p');
  readout.className = 'tl-readout fig-readout';
  readout.setAttribute('aria-live', 'polite');
  readout.textContent = w.noData;
  const toolbar = doc.createElement('div');
  toolbar.className = 'tl-toolbar fig-toolbar';
  const clearButton = doc.createElement('button');
  clearButton.type = 'button';
  clearButton.className = 'tl-clear';
  clearButton.textContent = w.clear;
  clearButton.disabled = true;
  toolbar.append(clearButton);

  element.append(figure, note, readout, toolbar);
  return { element, figure, layers, buttons, note, readout, clearButton };
}
