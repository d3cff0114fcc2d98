import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../shared/errors';

/**
 * Failed log-ins are counted per account and per client address (LOGIN_FAILURES_PER_*, within
 * LOGIN_THROTTLE_WINDOW) in the rate limiter's store — Redis with REDIS_URL, so every API process
 * sees the same counts. Checked before the password is, counted only when it was wrong. `prefix`
 * keeps the cabinet's counts and the back office's apart.
 */
export function loginThrottle(
  app: FastifyInstance,
  config: Pick<Config, 'LOGIN_THROTTLE_WINDOW' | 'LOGIN_FAILURES_PER_ACCOUNT' | 'LOGIN_FAILURES_PER_ADDRESS'>,
  prefix: string,
) {
  const timeWindow = config.LOGIN_THROTTLE_WINDOW;
  const email = (request: FastifyRequest) => String((request.body as { email?: unknown })?.email ?? '');
  const perAccount = app.createRateLimit({
    max: config.LOGIN_FAILURES_PER_ACCOUNT,
    timeWindow,
    keyGenerator: (request) => `${prefix}-account:${email(request).toLowerCase()}`,
  });
  const perAddress = app.createRateLimit({
    max: config.LOGIN_FAILURES_PER_ADDRESS,
    timeWindow,
    keyGenerator: (request) => `${prefix}-address:${request.clientAddress}`,
  });
  return {
    async check(request: FastifyRequest) {
      for (const limiter of [perAccount, perAddress]) {
        const result = await limiter(request, { increment: false });
        if (result.isAllowed || result.remaining > 0) continue;
        const seconds = Math.max(1, result.ttlInSeconds);
        throw new AppError(
          'RATE_LIMITED',
          `Слишком много неудачных попыток входа. Повторите через ${Math.ceil(seconds / 60)} мин.`,
          { headers: { 'retry-after': String(seconds) } },
        );
      }
    },
    async failed(request: FastifyRequest) {
      await perAccount(request);
      await perAddress(request);
    },
  };
}
