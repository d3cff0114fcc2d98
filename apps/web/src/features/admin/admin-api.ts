import type {
  ApplicationStats,
  BankApplicationStatus,
  BankHealth,
  Lead,
  LeadPatch,
  LeadStatus,
  Order,
  ShopCard,
  ShopSummary,
  StaffAuditList,
  StaffSession,
  StaffShopCreate,
} from '@b2bpay/domain';
import { DOCUMENTED_ERRORS, type QueryValue, request } from '../../shared/api/http';
import { getStaffCsrfToken } from './staff-credentials';

/**
 * The back office's calls (/api/admin/v1, DESIGN §14) over the app's one HTTP path. The OpenAPI
 * document the typed client reads has no back-office paths, so the types come straight from the
 * contract in packages/domain (contract/backoffice.ts).
 */

/** A contract schema's parsed type, for the schemas the contract exports without a type of their own. */
type Parsed<S extends { parse: (data: unknown) => unknown }> = ReturnType<S['parse']>;

export type { Lead, LeadStatus, ShopCard, ShopSummary, StaffSession } from '@b2bpay/domain';
export type ApplicationStatsAnswer = Parsed<typeof ApplicationStats>;
export type BankHealthAnswer = Parsed<typeof BankHealth>;
export type BankHealthItem = BankHealthAnswer['items'][number];
export type StaffAuditAnswer = Parsed<typeof StaffAuditList>;
export type StaffAuditEntry = StaffAuditAnswer['items'][number];

const BASE = '/api/admin/v1';
/** 403 (a role without the permission), 409 (a lead's transition, a shop already suspended). */
const ADMIN_ERRORS = [...DOCUMENTED_ERRORS, 403, 409] as const;

interface AdminCall {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, options: AdminCall = {}): Promise<T> {
  const token = getStaffCsrfToken();
  return request<T>({
    method,
    path: `${BASE}${path}`,
    ...options,
    headers: method !== 'GET' && token ? { 'X-CSRF-Token': token } : undefined,
    errorStatuses: ADMIN_ERRORS,
  });
}

const id = (value: string | number) => encodeURIComponent(String(value));

export const staffLogin = (body: { email: string; password: string }) =>
  call<StaffSession>('POST', '/login', { body });

export const staffSetPassword = (body: { token: string; password: string }) =>
  call<StaffSession>('POST', '/password', { body });

export const staffLogout = () => call<null>('POST', '/logout');

export const getStaffMe = (signal?: AbortSignal) => call<StaffSession>('GET', '/me', { signal });

export const listLeads = (status: LeadStatus | undefined, signal?: AbortSignal) =>
  call<{ items: Lead[] }>('GET', '/leads', { query: { status }, signal });

export const patchLead = (leadId: number, patch: LeadPatch) =>
  call<Lead>('PATCH', `/leads/${id(leadId)}`, { body: patch });

export const searchShops = (q: string, signal?: AbortSignal) =>
  call<{ items: ShopSummary[] }>('GET', '/shops', { query: { q: q.trim() }, signal });

export const createShop = (body: StaffShopCreate) =>
  call<{ shop: ShopSummary; invitation_sent_to: string }>('POST', '/shops', { body });

export const getShopCard = (shopId: string, signal?: AbortSignal) =>
  call<ShopCard>('GET', `/shops/${id(shopId)}`, { signal });

export const suspendShop = (shopId: string, reason: string) =>
  call<ShopCard>('POST', `/shops/${id(shopId)}/suspend`, { body: { reason } });

export const resumeShop = (shopId: string) => call<ShopCard>('POST', `/shops/${id(shopId)}/resume`);

export const getStaffOrder = (orderId: string, signal?: AbortSignal) =>
  call<Order>('GET', `/orders/${id(orderId)}`, { signal });

export const getApplications = (
  filters: { status?: BankApplicationStatus; bank?: string },
  signal?: AbortSignal,
) => call<ApplicationStatsAnswer>('GET', '/applications', { query: filters, signal });

export const getBanks = (signal?: AbortSignal) => call<BankHealthAnswer>('GET', '/banks', { signal });

export const setBankEnabled = (bankId: string, enabled: boolean) =>
  call<BankHealthAnswer>('POST', `/banks/${id(bankId)}/${enabled ? 'enable' : 'disable'}`);

export const getStaffAudit = (page: { limit: number; startingAfter?: string }, signal?: AbortSignal) =>
  call<StaffAuditAnswer>('GET', '/audit', {
    query: { limit: page.limit, starting_after: page.startingAfter },
    signal,
  });
