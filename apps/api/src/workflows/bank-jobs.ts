import { bankDecisionJob, bankPaymentJob, sandboxReference, submitToBanksJob } from '../modules/banks';
import { defineJob } from '../modules/jobs';
import { recordBankDecision } from './record-bank-decision';
import { recordBankPayment } from './record-bank-payment';
import { sendApplicationToBanks } from './send-application-to-banks';

/**
 * The banks' jobs, for the worker's registry. Their kinds and payloads are the banks module's; the
 * handlers run use cases that span orders, clients and banks, so they are defined here.
 */
export const bankJobs = [
  defineJob(submitToBanksJob, async ({ payload }, deps) => {
    await sendApplicationToBanks(deps, payload.order_id);
    return undefined;
  }),
  defineJob(bankDecisionJob, async ({ payload }, deps) => {
    // Anything but 'approved' has always been read as a refusal.
    const decision = payload.decision === 'approved' ? 'approved' : 'rejected';
    await recordBankDecision(deps, payload.order_id, payload.bank, decision);
    return undefined;
  }),
  defineJob(bankPaymentJob, async ({ payload }, deps) => {
    // Jobs queued before payment references existed carry none: the sandbox's own is derived again.
    const reference = payload.reference || sandboxReference(payload.bank, payload.order_id);
    await recordBankPayment(deps, payload.order_id, payload.bank, reference);
    return undefined;
  }),
];
