/**
 * Many at once, or one alone: `shared` work runs beside other shared work; `exclusive` work (a
 * transaction on the embedded database's one connection, a dump, closing) waits until the shared
 * work in progress has ended and runs alone. Work is let in the order it was asked: shared work
 * asked while exclusive work waits or runs waits for it to end (so a steady stream of shared work
 * never keeps it waiting), and exclusive work runs one at a time.
 */
export class Gate {
  private running = 0;
  private drained: (() => void) | undefined;
  /** Exclusive work asked and not ended. */
  private exclusiveAsked = 0;
  private opened: Promise<void> = Promise.resolve();
  private reopen: () => void = () => {};
  private queue: Promise<void> = Promise.resolve();

  async shared<T>(work: () => Promise<T>): Promise<T> {
    while (this.exclusiveAsked > 0) await this.opened;
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      if (this.running === 0) this.drained?.();
    }
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.exclusiveAsked++ === 0) {
      this.opened = new Promise((resolve) => {
        this.reopen = resolve;
      });
    }
    const turn = this.queue.then(async () => {
      // No shared work starts now: wait for what had started to end.
      if (this.running > 0) {
        await new Promise<void>((resolve) => {
          this.drained = resolve;
        });
      }
      this.drained = undefined;
      return work();
    });
    this.queue = turn.then(
      () => this.ended(),
      () => this.ended(),
    );
    return turn;
  }

  private ended() {
    if (--this.exclusiveAsked === 0) this.reopen();
  }
}
