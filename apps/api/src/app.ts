import { fileURLToPath } from 'node:url';
import { isWebPage, plainRussianError } from '@b2bpay/domain';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from './deps';
import { createAuthenticator } from './modules/auth';
import { backofficeRoutes } from './modules/backoffice';
import { cabinetRoutes, sessionAccess } from './modules/cabinet';
import { companiesRoutes } from './modules/companies';
import { documentsRoutes } from './modules/documents';
import { enquiriesRoutes } from './modules/enquiries';
import { liveRoutes } from './modules/live';
import { devOutboxRoutes } from './modules/notifications';
import { getOrder, ordersRoutes } from './modules/orders';
import { findShopByKeyHash, getPublicShop, shopsRoutes } from './modules/shops';
import { statsRoutes } from './modules/stats';
import { webhooksRoutes } from './modules/webhooks';
import { registerClientAddress } from './plugins/client-address';
import { registerDrain } from './plugins/drain';
import { errorBody, registerErrorHandler } from './plugins/error-handler';
import { registerHealth } from './plugins/health';
import { registerInputGuard } from './plugins/input-guard';
import { createMethodRegistry } from './plugins/method-not-allowed';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimit } from './plugins/rate-limit';
import { REQUEST_ID_HEADER, registerRequestId, requestIdOf } from './plugins/request-id';
import { applySecurityHeaders, registerSecurity } from './plugins/security';
import { shopDocuments } from './plugins/shop-document';
import { registerWeb } from './plugins/web';
import { bankApiRoutes } from './routes/bank-api.routes';
import { clientsRoutes } from './routes/clients.routes';
import { offersRoutes } from './routes/offers.routes';
import { Lifecycle } from './shared/lifecycle';
import { documentFrameworkErrors, documentPermissions } from './shared/route-schemas';
import { cancelOrder } from './workflows/cancel-order';
import { createRefund } from './workflows/create-refund';

// Generic validation messages (wrong type, too long…) in plain Russian, like every text the API
// returns (zod's own Russian locale says «ожидалось int, получено число»).
z.config({ localeError: plainRussianError });

const BODY_LIMIT = 100 * 1024;
const defaultDist = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));

/** Query parameters whose values never reach the log: the shop area's link carries its key as ?token=. */
const SECRET_QUERY = /([?&](?:token|key|api_key|secret)=)[^&#]*/gi;

/** Fastify's own request serializer, with secrets in the query string replaced. */
function serializeRequest(req: {
  method: string;
  url: string;
  host?: string;
  clientAddress?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: req.url.replace(SECRET_QUERY, '$1[REDACTED]'),
    host: req.host,
    remoteAddress: req.clientAddress,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * What the log never holds: keys (Authorization), the cabinet's session cookie and its CSRF token, and
 * secrets in query strings. Request bodies (passwords) are never logged at all.
 */
const LOG_DEFAULTS = (config: AppDeps['config']) => ({
  level: config.LOG_LEVEL,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]'],
  serializers: { req: serializeRequest },
});

export interface BuildOptions {
  /** Fastify's logger; tests pass false. */
  logger?: boolean | object;
  /** The process's lifecycle (main.ts drains it on SIGTERM); a fresh one when not given. */
  lifecycle?: Lifecycle;
}

/** The Fastify instance with the API's logging, limits, request ids and router error answer. */
function createFastify(config: AppDeps['config'], logger: BuildOptions['logger']) {
  return Fastify({
    // A test's logger object (a stream, a level) keeps the redaction and the request serializer.
    logger:
      logger === undefined || (typeof logger === 'object' && logger !== null)
        ? { ...LOG_DEFAULTS(config), ...(logger ?? {}) }
        : logger,
    bodyLimit: BODY_LIMIT,
    // On close only idle keep-alive connections are cut: in-flight requests finish (shared/shutdown.ts
    // cuts the rest after SHUTDOWN_GRACE_MS), and live streams are ended by their own preClose hook.
    forceCloseConnections: 'idle',
    // Request ids tie an answer (X-Request-Id, error.request_id) to its log lines (`request_id`);
    // a well-formed id sent by the client is kept (plugins/request-id.ts).
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    // A path parameter that is not valid percent-encoding, or longer than the router takes, is
    // answered by the router before any hook: give it the one error body and the security headers.
    frameworkErrors: (_error, request, reply) => {
      applySecurityHeaders(request.raw, reply.raw);
      (reply as FastifyReply)
        .code(400)
        .header(REQUEST_ID_HEADER, request.id)
        .send(errorBody('VALIDATION_ERROR', 'Некорректный адрес запроса', { requestId: request.id }));
    },
  });
}

/**
 * What no route answers: a page of the web app (the buyer's own document for its addresses), 405 for
 * a known API address asked with another method, else the one 404 body.
 */
function registerNotFound(
  app: FastifyInstance,
  web: Awaited<ReturnType<typeof registerWeb>>,
  methods: ReturnType<typeof createMethodRegistry>,
  shop: ReturnType<typeof shopDocuments>,
) {
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing file (an old chunk, a typo) is a real 404, so the browser reports a chunk-load error
    // instead of parsing the app's HTML as a script.
    const isFile = path.startsWith('/static/') || /\.[a-z0-9]{1,8}$/i.test(path);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !isFile;
    // An address the app has no page for gets the app's not-found page with 404, not 200.
    if (isPage && !isWebPage(path)) reply.code(404);
    if (isPage && (await web.sendBuyerPage(request, reply))) return reply;
    // The shop area's pages: the app's shell with their scripts preloaded (plugins/shop-document.ts).
    if (isPage && (await shop?.send(request, reply))) return reply;
    if (isPage && web.sendApp(reply)) return reply;
    // A known API address asked with another method: 405 with the methods it takes.
    const allowed = path.startsWith('/api/') ? methods.allowed(path) : [];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const message = `Метод ${request.method} не поддерживается для ${path}. Допустимые: ${allowed.join(', ')}`;
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(errorBody('METHOD_NOT_ALLOWED', message, { requestId: request.id }));
    }
    const message = `Нет такого адреса: ${request.method} ${path}`;
    return reply.code(404).send(errorBody('NOT_FOUND', message, { requestId: request.id }));
  });
}

/** Builds the whole HTTP application around its dependencies; main.ts and the tests both use it. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = createFastify(config, options.logger);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // X-Forwarded-For names the client only when it comes from a proxy of TRUSTED_PROXIES, so per-address
  // limits cannot be reset, nor loopback claimed, by a header.
  registerClientAddress(app, config.TRUSTED_PROXIES);
  registerRequestId(app);
  // Every body of this API is JSON: a text/plain one is 415 like any other type, not a string that
  // fails validation as "expected an object".
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  const methods = createMethodRegistry(app);
  registerInputGuard(app);
  documentFrameworkErrors(app);
  documentPermissions(app);

  await registerSecurity(app);
  // The cabinet's session cookie is read (never signed: it is an opaque random id looked up by hash).
  await app.register(cookie);
  const auth = createAuthenticator(deps.db, deps.clock, findShopByKeyHash, {
    access: sessionAccess(config),
    publicOrigin: new URL(config.PUBLIC_URL).origin,
  });
  const rateLimitStore = await registerRateLimit(app, {
    max: config.RATE_LIMIT_PER_MINUTE,
    sessionMax: config.CABINET_RATE_LIMIT_PER_MINUTE,
    publishableKeyMax: config.PUBLISHABLE_KEY_LIMIT_PER_MINUTE,
    redisUrl: config.REDIS_URL,
    redisTimeoutMs: config.REDIS_TIMEOUT_MS,
    auth,
  });
  await registerOpenApi(app, config.PUBLIC_URL);

  const moduleDeps = { ...deps, auth };
  await app.register(async (scope) => {
    await ordersRoutes(scope, moduleDeps, { cancelOrder, createRefund });
    await clientsRoutes(scope, moduleDeps);
    await offersRoutes(scope, moduleDeps);
    await bankApiRoutes(scope, moduleDeps);
    await companiesRoutes(scope, moduleDeps);
    await documentsRoutes(scope, moduleDeps);
    await enquiriesRoutes(scope, moduleDeps);
    await shopsRoutes(scope, moduleDeps);
    await statsRoutes(scope, moduleDeps);
    await liveRoutes(scope, moduleDeps);
    await webhooksRoutes(scope, moduleDeps);
    await devOutboxRoutes(scope, moduleDeps);
    await cabinetRoutes(scope, moduleDeps);
    await backofficeRoutes(scope, moduleDeps);
  });

  const lifecycle = options.lifecycle ?? new Lifecycle();
  registerDrain(app, lifecycle);
  await registerHealth(app, { db: deps.db, lifecycle, redis: rateLimitStore.redis });
  await registerMetrics(app, {
    db: deps.db,
    clock: deps.clock,
    token: config.METRICS_TOKEN,
    redis: rateLimitStore.redis,
  });

  const webDist = config.WEB_DIST ?? defaultDist('../../web/dist');
  const web = await registerWeb(app, {
    webDist,
    widgetDist: config.WIDGET_DIST ?? defaultDist('../../widget/dist'),
    // The buyer's page comes with the public view of its order and the order's shop, read as
    // GET /api/order/orders/{id} and GET /api/shop/{id} read them (opening it marks the link opened).
    buyerData: async (orderId, clientId) => {
      const order = await getOrder(moduleDeps, orderId, { auth: null, clientId });
      const shop = await getPublicShop(deps.db, order.shop_id).catch(() => null);
      return { order, client_id: clientId ?? null, shop };
    },
  });
  registerNotFound(app, web, methods, shopDocuments(webDist));
  return app;
}
