/**
 * The crawler's frontier: a bounded binary min-heap ordered by (priority, depth, arrival). Push and
 * shift are O(log n); a site that links 200k pages can neither grow it past its capacity nor make
 * each new link cost a sort of everything already queued.
 */
export interface CrawlItem {
  url: string;
  depth: number;
  /** 0 for contact/about/team pages, 1 for the rest. */
  priority: number;
}

interface Entry extends CrawlItem {
  seq: number;
}

const before = (a: Entry, b: Entry) => a.priority - b.priority || a.depth - b.depth || a.seq - b.seq;

export class CrawlQueue {
  private readonly heap: Entry[] = [];
  private seq = 0;
  /** Links refused or evicted because the queue was full. */
  dropped = 0;

  readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get size(): number {
    return this.heap.length;
  }

  /**
   * Adds an item; when full, it takes the place of the worst queued item if it ranks before it
   * (a team page found late still beats a blog page found early), else it is dropped.
   */
  push(item: CrawlItem): boolean {
    const entry: Entry = { ...item, seq: this.seq++ };
    const h = this.heap;
    if (h.length < this.capacity) {
      h.push(entry);
      this.up(h.length - 1);
      return true;
    }
    // The worst item of a min-heap is a leaf: scan the second half only.
    let worst = -1;
    for (let i = h.length >> 1; i < h.length; i++) if (worst < 0 || before(h[worst]!, h[i]!) < 0) worst = i;
    this.dropped++;
    if (worst < 0 || before(entry, h[worst]!) >= 0) return false;
    // Replacing a leaf with something that ranks before it keeps the subtree below valid: sift up only.
    h[worst] = entry;
    this.up(worst);
    return true;
  }

  shift(): CrawlItem | undefined {
    const h = this.heap;
    if (!h.length) return undefined;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length) {
      h[0] = last;
      this.down(0);
    }
    return { url: top.url, depth: top.depth, priority: top.priority };
  }

  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (before(h[i]!, h[parent]!) >= 0) return;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let min = i;
      if (l < h.length && before(h[l]!, h[min]!) < 0) min = l;
      if (r < h.length && before(h[r]!, h[min]!) < 0) min = r;
      if (min === i) return;
      [h[i], h[min]] = [h[min]!, h[i]!];
      i = min;
    }
  }
}
