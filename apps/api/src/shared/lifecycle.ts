/**
 * A process's place in its life: serving, or draining after SIGTERM. Draining turns the readiness
 * probe to 503 at once, so a load balancer stops sending new work while what is in flight finishes
 * (docs/deploy.md describes the rolling restart this serves).
 */
export class Lifecycle {
  #draining = false;
  readonly #onDrain = new Set<() => void>();

  get draining() {
    return this.#draining;
  }

  /** Marks the process as draining and tells every listener once; calling it again does nothing. */
  startDrain() {
    if (this.#draining) return;
    this.#draining = true;
    for (const listener of [...this.#onDrain]) listener();
  }

  /** Runs `listener` when draining starts (at once if it already has); returns the unsubscribe. */
  onDrain(listener: () => void): () => void {
    if (this.#draining) {
      listener();
      return () => {};
    }
    this.#onDrain.add(listener);
    return () => this.#onDrain.delete(listener);
  }
}
