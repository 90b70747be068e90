package statusgate

import "context"

type Cart struct {
	ID    int64
	Email string
}

// Carts is known only by its interface.
type Carts interface {
	GetCart(ctx context.Context, id int64) (*Cart, error)
	ListAbandoned(ctx context.Context, limit int) ([]Cart, error)
	ListByStatus(ctx context.Context, status string, limit int) ([]Cart, error)
	ListCompletedCarts(ctx context.Context, limit int) ([]Cart, error)
	MarkReminded(ctx context.Context, id int64) error
	MarkArchived(ctx context.Context, id int64) error
}

type CartMailer interface {
	SendReminder(ctx context.Context, to string) error
	SendReceiptCopy(ctx context.Context, to string) error
}

type CartReminders struct {
	carts Carts
	mail  CartMailer
}

// remind mails the cart's owner and marks the cart reminded.
func (r *CartReminders) remind(ctx context.Context, c Cart) error {
	if err := r.mail.SendReminder(ctx, c.Email); err != nil {
		return err
	}
	return r.carts.MarkReminded(ctx, c.ID)
}

// Two replicas both list the same abandoned carts and both remind each.
func (r *CartReminders) RunAbandoned(ctx context.Context) error {
	carts, err := r.carts.ListAbandoned(ctx, 100) // want `status-gate race: the list read here selects records by their state`
	if err != nil {
		return err
	}
	for _, c := range carts {
		_ = r.remind(ctx, c)
	}
	return nil
}

// The same, the state named by the caller.
func (r *CartReminders) RunByStatus(ctx context.Context) error {
	carts, err := r.carts.ListByStatus(ctx, "abandoned", 100) // want `status-gate race: the list read here selects records by their state`
	if err != nil {
		return err
	}
	for i := range carts {
		_ = r.remind(ctx, carts[i])
	}
	return nil
}

// archive mails a copy of the receipt and archives the cart.
func (r *CartReminders) archive(ctx context.Context, c Cart) error {
	if err := r.mail.SendReceiptCopy(ctx, c.Email); err != nil {
		return err
	}
	return r.carts.MarkArchived(ctx, c.ID)
}

// Near miss: completed carts are history, not work waiting to be picked
// up; the list is no gate.
func (r *CartReminders) RunCompleted(ctx context.Context) error {
	carts, err := r.carts.ListCompletedCarts(ctx, 100)
	if err != nil {
		return err
	}
	for _, c := range carts {
		_ = r.archive(ctx, c)
	}
	return nil
}

// ReplicaLocker runs a callback while holding a lock shared by every replica.
type ReplicaLocker interface {
	WithLock(ctx context.Context, name string, fn func(ctx context.Context) error) error
}

// Near miss: the whole run holds one lock every replica takes first, so
// no two runs list the carts at once.
func (r *CartReminders) RunAbandonedLocked(ctx context.Context, locker ReplicaLocker) error {
	return locker.WithLock(ctx, "cart-reminders", func(ctx context.Context) error {
		carts, err := r.carts.ListAbandoned(ctx, 100)
		if err != nil {
			return err
		}
		for _, c := range carts {
			_ = r.remind(ctx, c)
		}
		return nil
	})
}
