import { Lead, LeadList, LeadListQuery, LeadPatch } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { errorResponses } from '../../shared/route-schemas';
import { changeLead, listLeads } from '../enquiries';
import { ADMIN_PREFIX, STAFF_AUTH } from './paths';
import { recordStaffAudit } from './staff.service';
import type { RequireStaff } from './staff-auth';

const LeadParams = z.strictObject({
  id: z.coerce
    .number({ error: 'id: номер лида' })
    .int()
    .positive()
    .max(2 ** 53)
    .meta({ description: 'Номер лида (целое число), id из списка лидов' }),
});

/** The landing's enquiries as leads: the sales team's list, status, owner and notes. */
export async function leadsRoutes(app: FastifyInstance, deps: AppDeps, requireStaff: RequireStaff) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${ADMIN_PREFIX}/leads`,
    {
      schema: {
        operationId: 'listLeads',
        tags: ['backoffice'],
        summary: 'Лиды',
        security: STAFF_AUTH,
        querystring: LeadListQuery,
        response: { 200: LeadList, ...errorResponses(400, 401, 403, 500) },
      },
    },
    async (request) => {
      await requireStaff(request, 'leads.manage');
      return { items: await listLeads(deps.db, request.query.status) };
    },
  );

  r.patch(
    `${ADMIN_PREFIX}/leads/:id`,
    {
      schema: {
        operationId: 'updateLead',
        tags: ['backoffice'],
        summary: 'Изменить лид',
        description:
          'Статус (new → in_progress → won | lost), ответственный (e-mail сотрудника или null), заметка.',
        security: STAFF_AUTH,
        params: LeadParams,
        body: LeadPatch,
        response: { 200: Lead, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'leads.manage');
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        const { before, after } = await changeLead(
          tx,
          request.params.id,
          request.body,
          staff.user.email,
          now,
        );
        await recordStaffAudit(
          tx,
          { email: staff.user.email, ip: staff.ip },
          'lead.updated',
          {
            lead_id: after.id,
            ...(before.status !== after.status ? { status: { from: before.status, to: after.status } } : {}),
            ...(before.owner !== after.owner ? { owner: after.owner } : {}),
            ...(request.body.note ? { note: true } : {}),
          },
          now,
        );
        return after;
      });
    },
  );
}
