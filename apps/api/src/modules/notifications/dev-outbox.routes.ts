import { formatDateTime } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { isLoopbackAddress } from '../../shared/client-address';
import { latestNotifications, type NotificationRow } from './notifications.repository';
import { escapeHtml } from './templates';

export const OUTBOX_LIMIT = 100;

const CHANNEL_TEXT: Record<NotificationRow['channel'], string> = { email: 'e-mail', sms: 'SMS' };
const KIND_TEXT: Record<string, string> = {
  code: 'код',
  approved: 'одобрено',
  rejected: 'отказ',
  reminder: 'напоминание',
  webhook_failing: 'вебхуки не доставляются',
  code_cap: 'лимит кодов',
  cabinet_confirm: 'подтверждение регистрации',
  cabinet_registered: 'уже зарегистрирован',
  cabinet_reset: 'сброс пароля',
  cabinet_invitation: 'приглашение в команду',
};
const STATUS_TEXT: Record<NotificationRow['status'], string> = {
  pending: 'в очереди',
  sent: 'отправлено',
  failed: 'не доставлено',
};
const TRANSPORT_TEXT: Record<string, string> = {
  outbox: 'dev-outbox',
  smtp: 'SMTP',
  smsru: 'SMS.RU',
  http: 'HTTP-шлюз',
};

const e = escapeHtml;
const when = (iso: string | null) => (iso ? formatDateTime(iso, 'Europe/Moscow') : '');

function row(n: NotificationRow): string {
  const status = `${STATUS_TEXT[n.status]}${n.transport ? ` (${TRANSPORT_TEXT[n.transport] ?? n.transport})` : ''}`;
  const next =
    n.status === 'pending' && n.next_attempt_at
      ? `<br><small>следующая попытка ${e(when(n.next_attempt_at))}</small>`
      : '';
  return `<tr class="${n.status}">
<td>${e(when(n.created_at))}</td>
<td>${e(CHANNEL_TEXT[n.channel])}</td>
<td>${e(KIND_TEXT[n.kind] ?? n.kind)}</td>
<td>${e(n.recipient)}</td>
<td>${e(n.subject ?? '')}</td>
<td><pre>${e(n.body)}</pre></td>
<td>${e(status)}${next}</td>
<td>${n.attempts}</td>
<td>${e(n.last_error ?? '')}</td>
</tr>`;
}

function page(rows: NotificationRow[]): string {
  const body =
    rows.length === 0
      ? '<p>Пока ни одного сообщения.</p>'
      : `<table>
<thead><tr><th>Время (мск)</th><th>Канал</th><th>Тип</th><th>Получатель</th><th>Тема</th><th>Текст</th><th>Статус</th><th>Попыток</th><th>Ошибка</th></tr></thead>
<tbody>
${rows.map(row).join('\n')}
</tbody>
</table>`;
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>B2BPay — исходящие сообщения (разработка)</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;margin:24px;color:#111827;font-size:14px}
h1{font-size:20px;margin:0 0 4px}
p.note{color:#6b7280;margin:0 0 16px}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid #e5e7eb;padding:6px 8px;text-align:left;vertical-align:top}
th{background:#f3f4f6;position:sticky;top:0}
pre{margin:0;white-space:pre-wrap;word-break:break-word;font-family:inherit;max-width:48em}
tr.failed td{background:#fef2f2}
tr.pending td{background:#fffbeb}
small{color:#6b7280}
</style>
</head>
<body>
<h1>Исходящие сообщения</h1>
<p class="note">Страница для разработки: последние ${OUTBOX_LIMIT} писем и SMS. Без SMTP_URL и при SMS_PROVIDER=console сообщения никуда не уходят — их доставка и есть эта страница. В production её нет. Данные в JSON: <a href="/dev/outbox.json">/dev/outbox.json</a>.</p>
${body}
</body>
</html>`;
}

/**
 * GET /dev/outbox (HTML) and /dev/outbox.json: the latest notifications with their status, attempts
 * and last error — every one-time code and buyer contact of every shop. Development and tests only:
 * in production the routes are not registered (404), and elsewhere they answer only requests from
 * this machine (the client address, so a proxy on this host forwarding someone else's request is
 * refused too): 404, as if there were nothing.
 */
export async function devOutboxRoutes(app: FastifyInstance, deps: AppDeps) {
  if (deps.config.NODE_ENV === 'production') return;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/dev/outbox') || isLoopbackAddress(request.clientAddress)) return;
    const message = `Нет такого адреса: ${request.method} ${request.url.split('?')[0]}`;
    // The same answer as for an unknown address (app.ts), request id included.
    return reply.code(404).send({
      detail: message,
      error: { code: 'NOT_FOUND', message, request_id: request.id },
    });
  });

  app.get('/dev/outbox.json', { schema: { hide: true } }, async (_request, reply) => {
    const notifications = await latestNotifications(deps.db, OUTBOX_LIMIT);
    reply.header('cache-control', 'no-store');
    return { notifications };
  });

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const notifications = await latestNotifications(deps.db, OUTBOX_LIMIT);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return page(notifications);
  });
}
