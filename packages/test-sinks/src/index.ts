export { type HttpReceiver, type ReceivedRequest, startHttpReceiver } from './http-receiver';
export { type ReceivedMail, type SmtpSink, startSmtpSink } from './smtp-sink';

/** The one-time code of an SMS or e-mail text. */
export function sixDigits(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${text}`);
  return code;
}
