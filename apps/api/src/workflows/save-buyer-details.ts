import type { Client, ClientPatch } from '@b2bpay/domain';
import type { AppDeps } from '../deps';
import { checkStep1, findClient, insertClient, updateClient } from '../modules/clients';
import * as orders from '../modules/orders';
import { toClientView } from '../modules/orders';
import { notFound, ORDER_NOT_FOUND, statusConflict, validationError } from '../shared/errors';
import { isUuid } from '../shared/uuid';

export const ALREADY_SUBMITTED = 'Заявка по этому заказу уже отправлена, изменить данные нельзя';
export const WRONG_CLIENT = 'Клиент не относится к этому заказу';

/**
 * Saves step 1 of the buyer's application: creates the order's client when there is none, or
 * updates it; announces order.client.updated. Only while the order awaits the client.
 */
export async function saveBuyerDetails(deps: AppDeps, orderId: string, body: ClientPatch): Promise<Client> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const fields = checkStep1(body);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const order = await orders.findOrder(tx, orderId, { forUpdate: true });
    if (!order) throw notFound(ORDER_NOT_FOUND);
    assertPatchable(order, body.client_id);
    let client: orders.ClientRow;
    if (order.client_id === null) {
      const id = await insertClient(tx, fields, now);
      await orders.attachClient(tx, order.id, id, now);
      order.client_id = id;
      const created = await findClient(tx, id);
      if (!created) throw new Error(`client ${id} vanished after insert`);
      client = created;
    } else {
      client = await updateClient(tx, order.client_id, fields, now);
    }
    await orders.recordOrderEvent(tx, {
      type: 'order.client.updated',
      order,
      client,
      previousStatus: order.status,
      now,
    });
    return toClientView(client);
  });
}

/** Any patch: the order must still await the buyer, and a given client_id must be the order's. */
export function assertPatchable(order: orders.OrderRow, clientId: number | undefined) {
  if (order.status !== 'client_expected') throw statusConflict(ALREADY_SUBMITTED, order.status);
  if (clientId !== undefined && clientId !== order.client_id)
    throw validationError('client_id', WRONG_CLIENT);
}
