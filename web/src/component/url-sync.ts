// url-sync.ts — keep one playground's state in the page's URL hash and in
// localStorage (the main page only: the `sync-hash` attribute).
//
// Live typing (and dragging) writes at most every 300 ms: history.replaceState
// with a long URL costs tens of ms in Chromium, more than a whole recompute.
// A commit writes at once. The first write of live editing makes a new
// history entry, later ones update it, so Back undoes a whole drag or edit.

import type { HistoryMode } from '../panels/context';

/** Where the page keeps the last state (the URL hash form, '#…'), restored when a page opens without a hash. */
export const STORAGE_KEY = 'attention-playground.state';

/** Writes a state's hash into the address bar and the browser's storage. */
export class UrlSync {
  /** True while live editing has its own history entry. */
  private liveEntry = false;
  private timer = 0;

  /**
   * @param hash the current URL hash, with '#'
   * @param stored what the browser's storage keeps of it, with '#' (the state alone: a lesson's place is kept apart)
   */
  constructor(
    private readonly hash: () => string,
    private readonly stored: () => string = hash,
  ) {}

  /** Write the current state as `history` says: a live edit after 300 ms, anything else at once. */
  write(history: HistoryMode): void {
    clearTimeout(this.timer);
    if (history === 'none') return;
    if (history === 'live') {
      this.timer = window.setTimeout(() => this.writeNow('live'), 300);
      return;
    }
    this.writeNow(history);
  }

  /** The state came from the URL (Back, Forward, a new hash): nothing pending may overwrite it. */
  restored(): void {
    clearTimeout(this.timer);
    this.liveEntry = false;
  }

  /** Stop any pending write. */
  dispose(): void {
    clearTimeout(this.timer);
  }

  private writeNow(history: HistoryMode): void {
    const url = this.hash();
    // a new entry for a commit, and for the first write of live editing; otherwise update the entry
    const newEntry = url !== location.hash && (history === 'push' || history === 'live') && !this.liveEntry;
    setUrl(url, newEntry);
    this.liveEntry = history === 'live' && (this.liveEntry || newEntry);
    try {
      localStorage.setItem(STORAGE_KEY, this.stored());
    } catch {
      // storage blocked or full: the hash still keeps the state
    }
  }
}

/** Put `url` (a hash) into the address bar, as a new history entry or in place of the current one. */
export function setUrl(url: string, newEntry: boolean): void {
  try {
    if (newEntry) window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  } catch {
    // refused by the browser (e.g. a hash of many megabytes): the page keeps its state, the address bar the last one
  }
}
