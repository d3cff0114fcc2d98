#!/usr/bin/env node
// The raw ceiling for GET /api/order/orders/{id}: a bare Fastify route doing one primary-key select
// with pg (same pool size as the API's default), nothing else: no auth, no schema, no plugins.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const app = Fastify({ logger: false });
app.get('/orders/:id', async (request, reply) => {
  const { rows } = await pool.query(
    'SELECT id, shop_id, order_number, status, amount_kopecks, webhook_url, client_id, deadline_at, created_at, updated_at FROM orders WHERE id = $1',
    [request.params.id],
  );
  if (rows.length === 0) return reply.code(404).send({ error: 'not found' });
  return rows[0];
});
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT ?? 3101), host: '127.0.0.1' });
