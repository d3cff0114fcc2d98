/** The banks module as the rest of the API uses it: bank records, applications, offers, messages. */
export * from './applications.service';
export { deliverBankMessage } from './bank-delivery.job';
export { expireApplicationJob, lapseOffersJob, submitToBanksJob } from './bank-jobs';
export { queueBankMessage } from './bank-messages';
export { listApplicationMessages, listBankMessages } from './bank-messages.repository';
export {
  authenticateBank,
  type BankCredentials,
  type BankPublic,
  type BankRow,
  createBank,
  DEFAULT_DECISION_SLA_SECONDS,
  ensureSandboxBanks,
  findBank,
  listBanks,
  rotateBankKeys,
  type SandboxBankSpec,
  sandboxApiKey,
  setBankEnabled,
  signingSecrets,
  toBankPublic,
} from './bank-records.service';

/** The shop's fee on a payout: the service is free for the shop (the landing's promise, DESIGN §11). */
export const SHOP_FEE_KOPECKS = 0;
