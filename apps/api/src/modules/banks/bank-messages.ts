import { randomUUID } from 'node:crypto';
import type { BankMessageType } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import { enqueue } from '../jobs';
import { deliverBankMessageJob } from './bank-jobs';
import * as repo from './bank-messages.repository';

/**
 * Stores a message to a bank in the caller's transaction and queues its delivery (an outbox, as the
 * shops' webhooks have): it leaves only if what it reports is committed, and is retried until the bank
 * takes it. The body is fixed here, so every retry sends the same bytes under the same webhook-id.
 */
export async function queueBankMessage(
  tx: Queryable,
  m: { bank: string; applicationId: string | null; type: BankMessageType; data: object },
  now: Date,
): Promise<string> {
  const id = randomUUID();
  const body = JSON.stringify({ type: m.type, timestamp: now.toISOString(), data: m.data });
  await repo.insertMessage(tx, { id, bank: m.bank, applicationId: m.applicationId, type: m.type, body }, now);
  await enqueue(tx, deliverBankMessageJob, { message_id: id }, now);
  return id;
}
