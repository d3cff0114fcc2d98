import nodemailer, { type Mail, type SMTPSentMessageInfo, type SMTPTransportOptions } from 'nodemailer';
import type { Config } from '../../config';
import type { Transport } from './notifications.repository';

/** Every outside call (SMTP connect, greeting and idle socket, SMS gateways) gives up after this. */
export const SEND_TIMEOUT_MS = 10_000;

type Mailer = Mail<SMTPSentMessageInfo, SMTPTransportOptions>;

/** Where e-mail goes: SMTP when SMTP_URL is set, otherwise the development outbox. */
export function emailTransport(config: Pick<Config, 'SMTP_URL'>): Extract<Transport, 'smtp' | 'outbox'> {
  return config.SMTP_URL ? 'smtp' : 'outbox';
}

/** Where SMS go: SMS_PROVIDER; `console` is the development outbox. */
export function smsTransport(
  config: Pick<Config, 'SMS_PROVIDER'>,
): Extract<Transport, 'smsru' | 'http' | 'outbox'> {
  return config.SMS_PROVIDER === 'console' ? 'outbox' : config.SMS_PROVIDER;
}

// One transporter per process (per SMTP_URL and sender: tests run several apps in one process).
const mailers = new Map<string, Mailer>();

function mailerFor(smtpUrl: string, from: string): Mailer {
  const key = `${smtpUrl}\n${from}`;
  let mailer = mailers.get(key);
  if (!mailer) {
    mailer = nodemailer.createTransport(
      {
        url: smtpUrl,
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS,
      },
      { from },
    );
    mailers.set(key, mailer);
  }
  return mailer;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Sends one e-mail over SMTP; throws when the server does not accept it. */
export async function sendSmtp(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  m: OutgoingEmail,
): Promise<void> {
  if (!config.SMTP_URL) throw new Error('SMTP_URL не задан');
  const info = await mailerFor(config.SMTP_URL, config.MAIL_FROM).sendMail({
    to: m.to,
    subject: m.subject,
    text: m.text,
    ...(m.html ? { html: m.html } : {}),
  });
  if (info.rejected.length > 0 || info.accepted.length === 0) {
    throw new Error(`SMTP-сервер не принял получателя: ${info.response}`);
  }
}

/** fetch's own errors say only "fetch failed"; the reason is in `cause`. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return `нет ответа за ${SEND_TIMEOUT_MS / 1000} с`;
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return `${error.message}: ${cause.message || (typeof code === 'string' ? code : '')}`;
  }
  return error.message;
}

async function readText(res: Response, max = 500): Promise<string> {
  const text = await res.text().catch(() => '');
  return text.slice(0, max);
}

/**
 * SMS_PROVIDER=http: POST `{to, text}` as JSON to SMS_HTTP_URL; any 2xx means sent. Redirects are
 * not followed (a 3xx is a failure), so the message never goes somewhere not configured.
 */
export async function sendHttpSms(
  config: Pick<Config, 'SMS_HTTP_URL'>,
  to: string,
  text: string,
): Promise<void> {
  if (!config.SMS_HTTP_URL) throw new Error('SMS_HTTP_URL не задан');
  const res = await fetch(config.SMS_HTTP_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ to, text }),
    redirect: 'manual',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  const answer = await readText(res);
  if (res.status < 200 || res.status > 299) {
    throw new Error(`SMS-шлюз ответил HTTP ${res.status}${answer ? `: ${answer}` : ''}`);
  }
}

interface SmsRuAnswer {
  status?: unknown;
  status_code?: unknown;
  status_text?: unknown;
  sms?: Record<string, { status?: unknown; status_code?: unknown; status_text?: unknown; sms_id?: unknown }>;
}

function smsRuReason(part: { status_code?: unknown; status_text?: unknown }): string {
  const code = part.status_code === undefined ? '' : ` ${String(part.status_code)}`;
  const text = typeof part.status_text === 'string' ? `: ${part.status_text}` : '';
  return `${code}${text}`;
}

/**
 * SMS_PROVIDER=smsru: SMS.RU's HTTP API (https://sms.ru/api/send). POST form fields api_id, to
 * (digits only), msg and json=1; sent when the answer's status and the number's own status are "OK".
 * SMS.RU answers HTTP 200 to errors too, so only the JSON decides.
 */
export async function sendSmsRu(
  config: Pick<Config, 'SMSRU_URL' | 'SMSRU_API_ID'>,
  to: string,
  text: string,
): Promise<void> {
  if (!config.SMSRU_API_ID) throw new Error('SMSRU_API_ID не задан');
  const number = to.replace(/\D/g, '');
  const res = await fetch(config.SMSRU_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams({ api_id: config.SMSRU_API_ID, to: number, msg: text, json: '1' }),
    redirect: 'manual',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  const raw = await readText(res, 10_000);
  let answer: SmsRuAnswer;
  try {
    answer = JSON.parse(raw) as SmsRuAnswer;
  } catch {
    throw new Error(`SMS.RU: неожиданный ответ HTTP ${res.status}`);
  }
  if (typeof answer !== 'object' || answer === null)
    throw new Error(`SMS.RU: неожиданный ответ HTTP ${res.status}`);
  if (answer.status !== 'OK') throw new Error(`SMS.RU отказал:${smsRuReason(answer)}`);
  const perNumber = answer.sms?.[number];
  if (!perNumber) throw new Error('SMS.RU: в ответе нет статуса по номеру');
  if (perNumber.status !== 'OK') throw new Error(`SMS.RU не принял сообщение:${smsRuReason(perNumber)}`);
}
