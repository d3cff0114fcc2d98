/** The notifications module as the rest of the API uses it. */

export { newLeadEmail, shopResumedEmail, shopSuspendedEmail } from './backoffice-templates';
export {
  alreadyRegisteredEmail,
  invitationEmail,
  passwordResetEmail,
  signupConfirmEmail,
} from './cabinet-templates';
export { devOutboxRoutes } from './dev-outbox.routes';
export { sendNotificationJob } from './notification-jobs';
export type { NotificationRow } from './notifications.repository';
export {
  purgeFinishedNotifications,
  queueCodeCapEmail,
  queueEmail,
  queueSms,
  queueWebhookFailingEmail,
  queueWebhookGivenUpEmail,
} from './notifications.service';
export { NOTIFICATION_RETRY_SCHEDULE_MS, scrubCodes, sendNotification } from './send-notification';
export {
  amountText,
  approvedEmail,
  cancelledEmail,
  codeEmail,
  codeSms,
  deadlineText,
  refundEmail,
  rejectedEmail,
  reminderEmail,
  reminderSms,
  signCodeSms,
} from './templates';
