import type { AppDeps } from '../../deps';
import { bankJobHandlers } from '../banks/banks.service';
import { sweepOverdueOrders, sweepReminders } from '../deadlines/deadlines.sweep';
import { sendNotification } from '../notifications/send-notification';
import { deliverWebhook } from '../webhooks/delivery.job';
import { type AnyJobHandler, type Sweep, Worker, type WorkerOptions } from './worker';

/** Every background job kind and the module that handles it. */
export const JOB_HANDLERS: Record<string, AnyJobHandler> = {
  'webhook.deliver': deliverWebhook,
  ...bankJobHandlers,
  'notification.send': sendNotification,
};

/** Scans that run on the worker's sweep timer (and before each round of `drain`). */
export const SWEEPS: Sweep[] = [sweepOverdueOrders, sweepReminders];

export function createWorker(deps: AppDeps, options: WorkerOptions) {
  return new Worker(deps, JOB_HANDLERS, SWEEPS, options);
}
