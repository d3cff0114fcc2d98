import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from '../shared/lifecycle';

/**
 * While the process drains, every answer says `Connection: close`: a keep-alive connection whose
 * last request finished would otherwise hold the closing server open until the grace period ends,
 * and the client's next request goes to a fresh connection — to a process that is not draining.
 */
export function registerDrain(app: FastifyInstance, lifecycle: Lifecycle) {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
