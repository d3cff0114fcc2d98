import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A client's own id is kept when it is a plain token: letters, digits and `._:-`, up to 128 characters. */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * The request's id: the client's `X-Request-Id` when well-formed (so a shop can follow its
 * own id through our answer and logs), else a new UUID. Anything else a client sends is not echoed
 * into headers or logs.
 */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : randomUUID();
}

/** Every answer carries `X-Request-Id`; the error bodies carry it as `error.request_id`. */
export function registerRequestId(app: FastifyInstance) {
  // A callback hook, not an async one: no promise per request for one header.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
