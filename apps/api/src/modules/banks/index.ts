/** The banks module as the rest of the API uses it. */
export { bankDecisionJob, bankPaymentJob, submitToBanksJob } from './bank-jobs';
export { agreedAmount, listDecisions, markPaid, recordDecision } from './banks.repository';
export {
  bankContext,
  partnerBanks,
  queueBankApplications,
  refundAtBank,
  SHOP_FEE_KOPECKS,
  withdrawApplications,
} from './banks.service';
export { sandboxReference } from './sandbox-banks';
