import type { FastifyInstance } from 'fastify';
import type { SandboxBank } from './sandbox-bank';

export interface SandboxBankRoutesOptions {
  bank: SandboxBank;
}

/**
 * `POST /sandbox-bank/:bankId`, where B2BPay delivers its messages to the sandbox banks when the API
 * mounts them in development (`app.register(sandboxBankRoutes, {bank})`). Registered without
 * fastify-plugin, so its body parser stays in its own scope: the body is kept as the exact bytes
 * received, since the signature is over those and a parse-and-serialise round trip would change them.
 */
export async function sandboxBankRoutes(fastify: FastifyInstance, options: SandboxBankRoutesOptions) {
  const { bank } = options;
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  fastify.post<{ Params: { bankId: string } }>('/sandbox-bank/:bankId', async (request, reply) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const answer = await bank.handle(request.params.bankId, request.headers, rawBody);
    return reply.code(answer.status).send(answer.body);
  });
}
