import { z } from 'zod';
import { uuidString } from '../../shared/uuid';
import { jobType } from '../jobs';

/** One delivery of a webhook: a signed POST of its event's stored body (`delivery.job.ts`). */
export const deliverWebhookJob = jobType({
  kind: 'webhook.deliver',
  lane: 'webhooks',
  payload: z.object({ delivery_id: uuidString }),
});
