package lostupdates

import (
	"context"
	"errors"
)

type Dunning struct {
	ID       int64
	Status   string
	Attempts int
}

// DunningStore's implementation lives in a package this one does not
// import.
type DunningStore interface {
	Get(ctx context.Context, id int64) (Dunning, error)
	Save(ctx context.Context, d *Dunning) error
	// Claim moves the row from one status to another and says whether
	// it did.
	Claim(ctx context.Context, id int64, from, to string) (bool, error)
}

var errBusy = errors.New("being collected")

type Collector struct{ store DunningStore }

func (c *Collector) bump(ctx context.Context, d *Dunning) error {
	d.Attempts++
	return c.store.Save(ctx, d)
}

// Two retries both read the attempts and both write back one more: one
// attempt is lost.
func (c *Collector) Retry(ctx context.Context, id int64) error {
	d, err := c.store.Get(ctx, id) // want `lost update: Attempts read here is handed to bump`
	if err != nil {
		return err
	}
	return c.bump(ctx, &d)
}

// Near miss: the row is claimed from failed first; only the caller whose
// claim moved it counts the attempt.
func (c *Collector) RetryClaimed(ctx context.Context, id int64) error {
	d, err := c.store.Get(ctx, id)
	if err != nil {
		return err
	}
	claimed, err := c.store.Claim(ctx, d.ID, "failed", "collecting")
	if err != nil {
		return err
	}
	if !claimed {
		return errBusy
	}
	return c.bump(ctx, &d)
}
