// Restores plan order: results arrive from workers in any order; each is handed on only once
// every result before it has been, so output never depends on the worker count.

export class Sequencer<T> {
  private readonly pending = new Map<number, T>();
  private next = 0;

  constructor(
    private readonly total: number,
    private readonly emit: (position: number, item: T) => void,
  ) {}

  /** Accepts the item at `position` (0-based in the run); emits every item now in order. */
  push(position: number, item: T): void {
    if (position < this.next || this.pending.has(position) || position >= this.total) {
      throw new Error(`sequencer: position ${position} delivered twice or out of range`);
    }
    if (position === this.next && this.pending.size === 0) {
      // In order already (every entry this thread runs, until workers start): nothing to hold.
      this.next += 1;
      this.emit(position, item);
      return;
    }
    this.pending.set(position, item);
    while (this.pending.has(this.next)) {
      const ready = this.pending.get(this.next) as T;
      this.pending.delete(this.next);
      this.emit(this.next, ready);
      this.next += 1;
    }
  }

  get done(): boolean {
    return this.next === this.total;
  }
}
