import {
  ApplicationStats,
  ApplicationStatsQuery,
  BankHealth,
  BankIdParam,
  StaffAuditList,
  StaffAuditQuery,
} from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { errorResponses } from '../../shared/route-schemas';
import { setBankEnabled } from '../banks';
import * as figures from './figures.repository';
import { ADMIN_PREFIX, STAFF_AUTH } from './paths';
import { recordStaffAudit, staffAudit } from './staff.service';
import type { RequireStaff } from './staff-auth';

const BankParams = z.strictObject({ id: BankIdParam });
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The banks' applications and decision times, the deliveries to banks, the staff audit log. */
export async function insightsRoutes(app: FastifyInstance, deps: AppDeps, requireStaff: RequireStaff) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${ADMIN_PREFIX}/applications`,
    {
      schema: {
        operationId: 'listApplicationsByStaff',
        tags: ['backoffice'],
        summary: 'Заявки в банках',
        description:
          'Заявки по статусу и банку; время решения каждого банка (медиана, p90) и просрочки respond_by.',
        security: STAFF_AUTH,
        querystring: ApplicationStatsQuery,
        response: { 200: ApplicationStats, ...errorResponses(400, 401, 403, 500) },
      },
    },
    async (request) => {
      await requireStaff(request, 'applications.read');
      const rows = await figures.listApplications(deps.db, request.query);
      return {
        items: rows.map((a) => ({
          id: a.id,
          order_id: a.order_id,
          order_number: String(a.order_number),
          shop_name: a.shop_name,
          bank: a.bank,
          status: a.status as z.infer<typeof ApplicationStats>['items'][number]['status'],
          submitted_at: new Date(a.submitted_at).toISOString(),
          decided_at: iso(a.decided_at),
          respond_by: iso(a.respond_by),
        })),
        banks: await figures.decisionTimes(deps.db),
      };
    },
  );

  r.get(
    `${ADMIN_PREFIX}/banks`,
    {
      schema: {
        operationId: 'listBanksByStaff',
        tags: ['backoffice'],
        summary: 'Банки',
        security: STAFF_AUTH,
        response: { 200: BankHealth, ...errorResponses(401, 403, 500) },
      },
    },
    async (request) => {
      await requireStaff(request, 'banks.manage');
      return { items: await figures.bankDeliveryHealth(deps.db) };
    },
  );

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    r.post(
      `${ADMIN_PREFIX}/banks/:id/${action}`,
      {
        schema: {
          operationId: enabled ? 'enableBank' : 'disableBank',
          tags: ['backoffice'],
          summary: enabled ? 'Включить банк' : 'Отключить банк',
          description: enabled
            ? 'Банк снова получает новые заявки, его ключ принимается.'
            : 'Банк не получает новых заявок, его ключ не принимается; начатое остаётся.',
          security: STAFF_AUTH,
          params: BankParams,
          response: { 200: BankHealth, ...errorResponses(401, 403, 404, 500) },
        },
      },
      async (request) => {
        const staff = await requireStaff(request, 'banks.manage');
        const now = deps.clock.now();
        await setBankEnabled(deps.db, request.params.id, enabled, now);
        await deps.db.transaction((tx) =>
          recordStaffAudit(
            tx,
            { email: staff.user.email, ip: staff.ip },
            enabled ? 'bank.enabled' : 'bank.disabled',
            { bank: request.params.id },
            now,
          ),
        );
        return { items: await figures.bankDeliveryHealth(deps.db) };
      },
    );
  }

  r.get(
    `${ADMIN_PREFIX}/audit`,
    {
      schema: {
        operationId: 'staffAuditLog',
        tags: ['backoffice'],
        summary: 'Журнал действий сотрудников',
        security: STAFF_AUTH,
        querystring: StaffAuditQuery,
        response: { 200: StaffAuditList, ...errorResponses(400, 401, 403, 500) },
      },
    },
    async (request) => {
      await requireStaff(request, 'audit.read');
      return staffAudit(deps.db, request.query);
    },
  );
}
