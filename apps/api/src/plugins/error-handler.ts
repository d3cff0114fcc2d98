import type { ApiErrorBody, ErrorCode } from '@b2bpay/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../shared/errors';

const INTERNAL = 'Внутренняя ошибка сервера. Повторите запрос позже.';

function body(code: ErrorCode, message: string, field?: string, orderId?: string): ApiErrorBody {
  return {
    detail: message,
    error: { code, message, ...(field ? { field } : {}), ...(orderId ? { order_id: orderId } : {}) },
  };
}

/** Fastify's own request errors, in Russian, with the status they deserve. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Тело запроса больше допустимых 100 КБ' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Поддерживается только Content-Type: application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Неверный заголовок Content-Length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'Пустое тело запроса при Content-Type: application/json',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Тело запроса — некорректный JSON' },
};

/**
 * The one error handler: every error becomes `{detail, error: {code, message, field?}}`.
 * 5xx answers never carry internals (stack, SQL); those go to the log only.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply
        .code(error.status)
        .headers(error.headers)
        .send(body(error.code, error.message, error.field, error.orderId));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = (issue?.instancePath ?? '').split('/').filter(Boolean);
      const params = issue?.params as { keys?: string[] } | undefined;
      // Unknown fields are reported by their own name, so the caller sees what to remove.
      if (issue?.keyword === 'unrecognized_keys' && params?.keys?.[0]) path.push(params.keys[0]);
      const field = path.join('.') || undefined;
      return reply.code(400).send(body('VALIDATION_ERROR', issue?.message ?? 'Некорректный запрос', field));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send(body('VALIDATION_ERROR', known.message));
    if (error.statusCode === 429) {
      return reply.code(429).send(body('RATE_LIMITED', error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(error.statusCode).send(body('VALIDATION_ERROR', 'Некорректный запрос'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body('INTERNAL_ERROR', INTERNAL));
  });
}
