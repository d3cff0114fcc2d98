import type { AppDeps } from '../../deps';
import { type JobHandler, type Sweep, Worker, type WorkerOptions } from './worker';

/** Every background job kind and the module that handles it. */
export const JOB_HANDLERS: Record<string, JobHandler> = {};

/** Scans that run before each batch. */
export const SWEEPS: Sweep[] = [];

export function createWorker(deps: AppDeps, options: WorkerOptions) {
  return new Worker(deps, JOB_HANDLERS, SWEEPS, options);
}
