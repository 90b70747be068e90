package lostupdates

import (
	"context"
	"errors"
)

// A repository that reads the purse and writes one of its columns by a
// method named for it: UpdateBalance's entity is the Balance read, not a
// table of its own.

type Purse struct {
	ID      string
	Balance int64
	Limit   int64
}

type PurseRepository interface {
	GetPurse(ctx context.Context, id string) (*Purse, error)
	UpdateBalance(ctx context.Context, id string, balance int64) error
	UpdateLimit(ctx context.Context, id string, limit int64) error
}

type BalanceMirror interface {
	UpdateBalance(ctx context.Context, id string, balance int64) error
}

type Purses struct {
	Repo          PurseRepository
	BalanceMirror BalanceMirror
}

// Two withdrawals both read balance 100, both write 100 - amount: one is
// lost.
func (w *Purses) Withdraw(ctx context.Context, id string, amount int64) error {
	a, err := w.Repo.GetPurse(ctx, id) // want `lost update: Balance read here is written back at line \d+ as a value computed from it`
	if err != nil {
		return err
	}
	if a.Balance < amount {
		return errors.New("insufficient funds")
	}
	return w.Repo.UpdateBalance(ctx, id, a.Balance-amount)
}

// Near miss: the method is named for another column than the one the
// value came from.
func (w *Purses) RaiseLimit(ctx context.Context, id string, amount int64) error {
	a, err := w.Repo.GetPurse(ctx, id)
	if err != nil {
		return err
	}
	return w.Repo.UpdateLimit(ctx, id, a.Balance+amount)
}

// Near miss: the balance is written through another store, whose rows
// the analysis cannot tie to the purse read.
func (w *Purses) Mirror(ctx context.Context, id string, amount int64) error {
	a, err := w.Repo.GetPurse(ctx, id)
	if err != nil {
		return err
	}
	return w.BalanceMirror.UpdateBalance(ctx, id, a.Balance+amount)
}

// A stored number read and written by name, with no record in between.
type CounterStore interface {
	GetViews(ctx context.Context, id string) (int64, error)
	UpdateViews(ctx context.Context, id string, n int64) error
	UpdateLikes(ctx context.Context, id string, n int64) error
	GetLikes(ctx context.Context, id string) (int64, error)
	SetLikes(ctx context.Context, id string, n int64) error
}

// Limiter is a client the service configures, not a repository: it looks
// nothing up, and its setters write no row.
type Limiter interface {
	SetLikes(ctx context.Context, id string, n int64) error
}

// Two views both read 41 and both write 42.
func view(ctx context.Context, s CounterStore, id string) error {
	n, err := s.GetViews(ctx, id) // want `lost update: the value of GetViews read here is written back at line \d+`
	if err != nil {
		return err
	}
	return s.UpdateViews(ctx, id, n+1)
}

// Near miss: an absolute value is written, whatever was read.
func resetViews(ctx context.Context, s CounterStore, id string) error {
	n, err := s.GetViews(ctx, id)
	if err != nil || n == 0 {
		return err
	}
	return s.UpdateViews(ctx, id, 0)
}

// Near miss: the value goes to another number than the one read.
func seedLikes(ctx context.Context, s CounterStore, id string) error {
	n, err := s.GetViews(ctx, id)
	if err != nil {
		return err
	}
	return s.UpdateLikes(ctx, id, n+1)
}

// A repository's setter (SetLikes on the interface that also looks
// records up) writes the row: two likes both read 7 and both set 8.
func like(ctx context.Context, s CounterStore, id string) error {
	n, err := s.GetLikes(ctx, id) // want `lost update: the value of GetLikes read here is written back at line \d+`
	if err != nil {
		return err
	}
	return s.SetLikes(ctx, id, n+1)
}

// Near miss: the same setter name on a client that looks nothing up is
// no write of the row read.
func mirrorLikes(ctx context.Context, s CounterStore, l Limiter, id string) error {
	n, err := s.GetLikes(ctx, id)
	if err != nil {
		return err
	}
	return l.SetLikes(ctx, id, n+1)
}
