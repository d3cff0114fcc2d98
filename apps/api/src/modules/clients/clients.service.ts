import {
  type Client,
  type ClientPatch,
  isValidEmail,
  MESSAGES,
  normalizeEmail,
  normalizePhone,
  PHONE_NOT_MOBILE_MESSAGE,
  phoneProblem,
  validateInn,
} from '@b2bpay/domain';
import type { AppDeps } from '../../deps';
import { conflict, notFound, ORDER_NOT_FOUND, validationError } from '../../shared/errors';
import { isUuid } from '../../shared/uuid';
import * as orders from '../orders';
import { toClientView } from '../orders';
import * as repo from './clients.repository';

/** The buyer's data of an order, for other modules (read in the caller's transaction). */
export const findClient = repo.findClient;
/** A new buyer record, for the order that creates it with the buyer's known contacts. */
export const insertClient = repo.insertClient;

export const ALREADY_SUBMITTED = 'Заявка по этому заказу уже отправлена, изменить данные нельзя';
export const WRONG_CLIENT = 'Клиент не относится к этому заказу';

/** Step 1 (spec §5): the same rules and Russian texts as the buyer's form, checked again here. */
export function checkStep1(body: ClientPatch) {
  if (!body.surname) throw validationError('surname', MESSAGES.surnameRequired);
  if (!body.name) throw validationError('name', MESSAGES.nameRequired);
  if (!body.organization_name) throw validationError('organization_name', MESSAGES.organizationRequired);
  const inn = (body.inn ?? '').replace(/\D/g, '');
  const innError = validateInn(inn);
  if (innError) throw validationError('inn', innError);
  if (body.phone_number !== undefined) checkBuyerPhone(body.phone_number);
  if (body.email !== undefined && !isValidEmail(body.email.trim())) {
    throw validationError('email', MESSAGES.emailInvalid);
  }
  return {
    surname: body.surname,
    name: body.name,
    middlename: body.middlename ?? null,
    organization_name: body.organization_name,
    inn,
    ...(body.phone_number !== undefined ? { phone_number: normalizePhone(body.phone_number) } : {}),
    ...(body.email !== undefined ? { email: normalizeEmail(body.email) } : {}),
  };
}

/** The buyer's phone as typed (spec §5's format), and a Russian mobile: codes go to it. */
function checkBuyerPhone(raw: string) {
  const problem = phoneProblem(raw);
  if (problem === 'format') throw validationError('phone_number', MESSAGES.phoneInvalid);
  if (problem === 'not_mobile') throw validationError('phone_number', PHONE_NOT_MOBILE_MESSAGE);
}

/**
 * Saves step 1 of the buyer's application: creates the order's client when there is none, or
 * updates it; announces order.client.updated. Only while the order awaits the client.
 */
export async function saveStep1(deps: AppDeps, orderId: string, body: ClientPatch): Promise<Client> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const fields = checkStep1(body);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const order = await orders.findOrder(tx, orderId, { forUpdate: true });
    if (!order) throw notFound(ORDER_NOT_FOUND);
    assertPatchable(order, body.client_id);
    let client: orders.ClientRow;
    if (order.client_id === null) {
      const id = await repo.insertClient(tx, fields, now);
      await orders.attachClient(tx, order.id, id, now);
      order.client_id = id;
      const created = await repo.findClient(tx, id);
      if (!created) throw new Error(`client ${id} vanished after insert`);
      client = created;
    } else {
      client = await repo.updateClient(tx, order.client_id, fields, now);
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
  if (order.status !== 'client_expected') throw conflict(ALREADY_SUBMITTED);
  if (clientId !== undefined && clientId !== order.client_id)
    throw validationError('client_id', WRONG_CLIENT);
}
