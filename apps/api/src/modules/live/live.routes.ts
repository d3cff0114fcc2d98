import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../shared/errors';
import { errorResponses, SHOP_AUTH } from '../../shared/route-schemas';
import { isUuid } from '../../shared/uuid';
import type { Authenticator } from '../auth';
import { EventFeed, FEED_POLL_MS } from './event-feed';

/** The reconnect delay a draining process asks of its streams' browsers (another process is up). */
export const RECONNECT_AFTER_DRAIN_MS = 250;

/** The stream's description in the OpenAPI document. */
const STREAM_SCHEMA = {
  operationId: 'streamEvents',
  tags: ['shop area'],
  summary: 'Живые события заказов (text/event-stream)',
  description:
    'Каждое событие: id (для Last-Event-ID) — id события, тот же event_id, что у вебхуков и в журнале событий; ' +
    'event (тип), data (JSON: order_id, order_number, status, previous_status, timestamp). Last-Event-ID, ' +
    'не называющий событие магазина, ничего не повторяет: поток начинается с новых событий.',
  security: SHOP_AUTH,
  headers: z
    .object({
      // A UUID; a number is what pages opened before ids were UUIDs still send (it resumes nothing).
      'last-event-id': z
        .string()
        .regex(/^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{1,18})$/i)
        .optional()
        .meta({
          description:
            'id последнего полученного события (UUID, тот же event_id, что у вебхуков и в журнале событий): ' +
            'поток сначала отдаст пропущенные после него события магазина. Число или чужой id ничего не повторяет.',
        }),
    })
    .loose(),
  produces: ['text/event-stream'],
  response: {
    200: z.string().meta({
      description:
        'Поток text/event-stream: у каждого события id (для Last-Event-ID), event (тип) и data (JSON).',
    }),
    ...errorResponses(400, 401, 403, 429),
  },
};

/**
 * `GET /api/events`: the shop's live stream of order events (server-sent events). Reconnecting with
 * `Last-Event-ID` first replays what was missed. Browsers read it with fetch (the key goes in the
 * Authorization header, which EventSource cannot send).
 *
 * Every heartbeat (LIVE_HEARTBEAT_MS) checks the stream's key again: a key that was rotated or revoked
 * meanwhile, in this process or another, ends the stream, so a leaked key stops listening once it is
 * replaced. A database that does not answer just skips that check.
 */
export async function liveRoutes(
  app: FastifyInstance,
  deps: AppDeps & { auth: Authenticator; feedPollMs?: number },
) {
  const feed = new EventFeed(deps.db, deps.feedPollMs ?? FEED_POLL_MS);
  /** Open streams, each ended by its function: a draining process ends them all first. */
  const open = new Set<() => void>();
  let closing = false;
  // SIGTERM (shared/shutdown.ts): before the server stops, every stream is told to come back soon
  // and ended, so the browser reconnects (to another process behind the proxy) with Last-Event-ID.
  app.addHook('preClose', async () => {
    closing = true;
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => feed.close());
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/events',
    {
      config: { allowsKeyInGracePeriod: true, permission: 'orders.read' },
      schema: STREAM_SCHEMA,
    },
    async (request, reply) => {
      const auth = await deps.auth.require(request);
      const lastId = request.headers['last-event-id'];
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        // The answer is written by hand (hijacked): the headers set on the reply do not apply.
        'x-request-id': request.id,
      });
      res.write('retry: 2000\n\n');
      const resumeAfter = lastId && isUuid(lastId) ? lastId : null;
      const unsubscribe = await feed.subscribe(auth.shop.id, resumeAfter, (event) => {
        res.write(`id: ${event.id}\nevent: ${event.event}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      let checking = false;
      const heartbeat = setInterval(async () => {
        if (checking || res.writableEnded || res.destroyed) return;
        checking = true;
        try {
          await deps.auth.recheck(request);
          res.write(': ping\n\n');
        } catch (error) {
          if (error instanceof AppError && (error.status === 401 || error.status === 403)) {
            stop();
            res.end();
          }
        } finally {
          checking = false;
        }
      }, deps.config.LIVE_HEARTBEAT_MS);
      function stop() {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(endForDrain);
      }
      function endForDrain() {
        stop();
        // The stream's connection was kept alive: close it once the hint is written, or the server
        // would wait on it until the client's keep-alive timer (undici: 4 s) closes it. The socket is
        // taken first: a finished response lets go of it, so `res.socket` is null in the callback.
        if (!res.writableEnded) {
          const socket = res.socket;
          res.end(`retry: ${RECONNECT_AFTER_DRAIN_MS}\n\n`, () => socket?.end());
        }
      }
      open.add(endForDrain);
      request.raw.on('close', stop);
      // A stream still taking its subscription when the drain began missed the preClose round.
      if (closing) endForDrain();
    },
  );
}
