/** The audit module as the rest of the API uses it: the shops' append-only log of who did what. */
export {
  type AuditActor,
  type AuditBy,
  type AuditRecord,
  auditBy,
  purgeOldAudit,
  readAudit,
  recordAudit,
} from './audit.service';
