import { deliverBankMessage, expireApplicationJob, lapseOffersJob, submitToBanksJob } from '../modules/banks';
import { defineJob } from '../modules/jobs';
import { lapseOffers } from './lapse-offers';
import { expireBankApplication } from './record-bank-decision';
import { sendApplicationToBanks } from './send-application-to-banks';

/**
 * The banks' jobs, for the worker's registry. Their kinds and payloads are the banks module's; the
 * handlers of all but the delivery run use cases that span orders, clients and banks, so they are
 * defined here.
 */
export const bankJobs = [
  deliverBankMessage,
  defineJob(submitToBanksJob, async ({ payload }, deps) => {
    await sendApplicationToBanks(deps, payload.order_id);
    return undefined;
  }),
  defineJob(expireApplicationJob, async ({ payload }, deps) => {
    await expireBankApplication(deps, payload.application_id);
    return undefined;
  }),
  defineJob(lapseOffersJob, async ({ payload }, deps) => {
    await lapseOffers(deps, payload.order_id);
    return undefined;
  }),
];
