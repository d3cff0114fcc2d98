import { z } from 'zod';
import { uuidString } from '../../shared/uuid';
import { jobType } from '../jobs';

/** Sends one stored notification (`send-notification.ts`). */
export const sendNotificationJob = jobType({
  kind: 'notification.send',
  lane: 'messages',
  payload: z.object({ notification_id: uuidString }),
});
