package repo

import (
	"context"

	"xorm.io/xorm"

	"example.com/probes/internal/domain"
)

type RefundRepo struct {
	Engine *xorm.Engine
}

// Load returns the refund request; ok=false if it does not exist.
func (r *RefundRepo) Load(ctx context.Context, id int64) (domain.Refund, bool, error) {
	var rf domain.Refund
	ok, err := r.Engine.Context(ctx).Table("refunds").ID(id).Get(&rf)
	return rf, ok, err
}

func (r *RefundRepo) Store(ctx context.Context, rf *domain.Refund) error {
	_, err := r.Engine.Context(ctx).Table("refunds").ID(rf.ID).AllCols().Update(rf)
	return err
}

// Claim flips requested → processing; false when someone else did.
func (r *RefundRepo) Claim(ctx context.Context, id int64) (bool, error) {
	n, err := r.Engine.Context(ctx).Table("refunds").
		Where("id = ? AND status = ?", id, domain.RefundRequested).
		Cols("status").Update(&domain.Refund{Status: "processing"})
	return n == 1, err
}
