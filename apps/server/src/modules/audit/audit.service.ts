/** The audit log's public surface: other modules record through here, never its repository. */
export { recordAudit } from './audit.repository.ts';
