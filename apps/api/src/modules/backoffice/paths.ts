/** The back office's API (DESIGN §14) and its security: the staff session's own cookie. */
export const ADMIN_PREFIX = '/api/admin/v1';
export const STAFF_AUTH = [{ StaffSession: [] }];
