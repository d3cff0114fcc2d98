/** The banks module as the rest of the API uses it. */
export { bankJobs, queueBankApplications, refundAtBank, withdrawApplications } from './banks.service';
