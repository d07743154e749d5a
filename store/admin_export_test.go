package store

import "context"

// ConfirmTopupWithBrokenAudit confirms a top-up under an audit hook whose
// entry cannot be written (an empty action breaks audit_log's CHECK), to
// prove the change and its entry commit or roll back together.
func (s *DB) ConfirmTopupWithBrokenAudit(ctx context.Context, topupID, actorID int64) (Topup, error) {
	ctx = withAuditHook(ctx, &auditHook{actor: Actor{ID: actorID}, record: auditRecord{Action: ""}})
	return s.ConfirmTopup(ctx, topupID, actorID)
}
