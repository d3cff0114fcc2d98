import type { ApiErrorBody, ErrorCode, FieldError, OrderStatus } from '@b2bpay/domain';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../shared/errors';

const INTERNAL = 'Внутренняя ошибка сервера. Повторите запрос позже.';

/**
 * The one error body `{detail, error: {code, message, field?, order_id?, order_status?, request_id}, errors?}`
 * (spec §3): `errors` lists every invalid field of a VALIDATION_ERROR, the first being
 * `error`; `request_id` is the answer's X-Request-Id.
 */
export function errorBody(
  code: ErrorCode,
  message: string,
  options: {
    field?: string;
    orderId?: string;
    orderStatus?: OrderStatus;
    requestId?: string;
    errors?: FieldError[];
  } = {},
): ApiErrorBody {
  const { field, orderId, orderStatus, requestId } = options;
  const errors =
    options.errors ??
    (code === 'VALIDATION_ERROR' ? [{ code, message, ...(field ? { field } : {}) }] : undefined);
  return {
    detail: message,
    error: {
      code,
      message,
      ...(field ? { field } : {}),
      ...(orderId ? { order_id: orderId } : {}),
      ...(orderStatus ? { order_status: orderStatus } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    },
    ...(errors ? { errors } : {}),
  };
}

/** Fastify's own request errors, in Russian, with the status and code they deserve. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Тело запроса больше допустимых 100 КБ',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Поддерживается только Content-Type: application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Неверный заголовок Content-Length',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Пустое тело запроса при Content-Type: application/json',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Тело запроса — некорректный JSON',
  },
};

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: unknown;
}

/** Every invalid field of a request, each with its own message (zod's, in plain Russian). */
export function fieldErrors(issues: readonly ValidationIssue[]): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean);
    const keys = (issue.params as { keys?: string[] } | undefined)?.keys;
    // Unknown fields are reported one by one by their own name, so the caller sees what to remove.
    if (issue.keyword === 'unrecognized_keys' && keys?.length) {
      for (const key of keys) {
        out.push({
          code: 'VALIDATION_ERROR',
          message: `Неизвестное поле: ${key}`,
          field: [...path, key].join('.'),
        });
      }
      continue;
    }
    const field = path.join('.');
    out.push({
      code: 'VALIDATION_ERROR',
      message: issue.message ?? 'Некорректный запрос',
      ...(field ? { field } : {}),
    });
  }
  return out;
}

/**
 * The one error handler: every error becomes the error body above, with X-Request-Id.
 * 5xx answers never carry internals (stack, SQL); those go to the log only.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply) => {
    const requestId = request.id;
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply
        .code(error.status)
        .headers(error.headers)
        .send(
          errorBody(error.code, error.message, {
            field: error.field,
            orderId: error.orderId,
            orderStatus: error.orderStatus,
            requestId,
          }),
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = errors[0] ?? { code: 'VALIDATION_ERROR' as const, message: 'Некорректный запрос' };
      return reply
        .code(400)
        .send(errorBody('VALIDATION_ERROR', first.message, { field: first.field, requestId, errors }));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send(errorBody(known.code, known.message, { requestId }));
    if (error.statusCode === 429) {
      return reply.code(429).send(errorBody('RATE_LIMITED', error.message, { requestId }));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply
        .code(error.statusCode)
        .send(errorBody('VALIDATION_ERROR', 'Некорректный запрос', { requestId }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL_ERROR', INTERNAL, { requestId }));
  });
}
