import type { Queryable } from '../../db/database';
import type { JobType } from '../jobs';

/** What a partner bank receives about an application. */
export interface BankApplication {
  orderId: string;
  orderNumber: string;
  amountKopecks: number;
  inn: string;
  organizationName: string;
  email: string;
  phone: string;
}

export type BankDecisionStatus = 'approved' | 'rejected';

/**
 * One partner bank. A real bank's submit is an HTTP call; its decision and payment arrive later and
 * are handed to the workflows record-bank-decision / record-bank-payment. `schedule` lets an adapter ask the
 * job queue to call it back (the sandbox uses it to decide and pay after its delays).
 */
export interface PartnerBankAdapter {
  readonly id: string;
  submit(application: BankApplication, ctx: BankContext): Promise<void>;
  /** The bank was told its approval was taken up: it pays the shop. */
  requestPayment(orderId: string, ctx: BankContext): Promise<void>;
  /** The shop cancelled the order (DESIGN §11): the bank drops the application and answers no more. */
  withdraw(orderId: string, ctx: BankContext): Promise<void>;
  /** The shop returned goods of a paid order: the bank takes the refund and names its reference. */
  refund(refund: BankRefund, ctx: BankContext): Promise<{ reference: string }>;
}

export interface BankRefund {
  orderId: string;
  refundId: string;
  amountKopecks: number;
}

export interface BankContext {
  tx: Queryable;
  now: Date;
  /** Queues a job of the banks module (`bank.decide`, `bank.pay`) for this bank at a moment. */
  schedule<Payload>(job: JobType<Payload>, payload: Payload, at: Date): Promise<void>;
}
