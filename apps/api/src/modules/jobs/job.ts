/** A claimed job as a handler sees it. */
export interface Job {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** What a handler may ask for instead of plain success. */
export type JobOutcome = { retryAt: Date; error: string } | { failed: string } | undefined;
