package checkthenact

import (
	"context"

	"github.com/idemvet/idemvet/testdata/realworld/checkthenact/store"
)

// Pay checks the repository for the key and inserts the payment when it is
// absent: the check and the insert are two statements on the pool.
func Pay(ctx context.Context, payments *store.Payments, key string, amount int64) error {
	exists, err := payments.ExistsByKey(ctx, key) // want:checkthenact
	if err != nil || exists {
		return err
	}
	return payments.InsertPayment(ctx, key, amount)
}

// PayIfAbsent keeps the check as a fast path and inserts atomically.
func PayIfAbsent(ctx context.Context, payments *store.Payments, key string, amount int64) error {
	exists, err := payments.ExistsByKey(ctx, key)
	if err != nil || exists {
		return err
	}
	inserted, err := payments.InsertPaymentIfAbsent(ctx, key, amount)
	if err == nil && !inserted {
		return ErrDuplicate
	}
	return err
}
