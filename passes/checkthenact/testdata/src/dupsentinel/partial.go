package dupsentinel

import (
	"context"
	"errors"

	"github.com/lib/pq"
)

// isUniqueViolation is the clash test both helpers below use.
func isUniqueViolation(err error) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && pqErr.Code.Name() == "unique_violation"
}

// AddWithAudit inserts the order, its clash handed to the caller as an
// error, then an audit row whose clash it answers: the duplicate of the
// order is not handled behind the call.
func (o *Orders) AddWithAudit(ctx context.Context, ref string) error {
	if _, err := o.db.ExecContext(ctx, `INSERT INTO orders (ref) VALUES ($1)`, ref); err != nil {
		return err
	}
	_, err := o.db.ExecContext(ctx, `INSERT INTO order_audit (ref) VALUES ($1)`, ref)
	if isUniqueViolation(err) {
		return nil
	}
	return err
}

// AddBothIgnoring answers the clash of both rows it inserts.
func (o *Orders) AddBothIgnoring(ctx context.Context, ref string) error {
	_, err := o.db.ExecContext(ctx, `INSERT INTO orders (ref) VALUES ($1)`, ref)
	if err != nil && !isUniqueViolation(err) {
		return err
	}
	_, err = o.db.ExecContext(ctx, `INSERT INTO order_audit (ref) VALUES ($1)`, ref)
	if isUniqueViolation(err) {
		return nil
	}
	return err
}

// Two placements of one ref both pass Has; the loser's order insert fails
// with the unique violation, which AddWithAudit returns as it is.
func (o *Orders) PlaceAudited(ctx context.Context, ref string) error {
	if o.Has(ctx, ref) { // want `check-then-act race: the existence check Has`
		return nil
	}
	return o.AddWithAudit(ctx, ref)
}

// Near miss: the helper answers the clash of every row it inserts.
func (o *Orders) PlaceAuditedIgnoring(ctx context.Context, ref string) error {
	if o.Has(ctx, ref) {
		return nil
	}
	return o.AddBothIgnoring(ctx, ref)
}

// refTaken is the service's own name for the clash test: it only hands
// the error to isUniqueViolation.
func refTaken(err error) bool {
	return isUniqueViolation(err)
}

// refMissing hands it to a test of something else.
func refMissing(err error) bool {
	return errors.Is(err, errNoRef)
}

var errNoRef = errors.New("no such ref")

// Near miss: the clash is answered through the wrapper.
func (o *Orders) PlaceWrapped(ctx context.Context, ref string) error {
	if o.Has(ctx, ref) {
		return nil
	}
	_, err := o.db.ExecContext(ctx, `INSERT INTO orders (ref) VALUES ($1)`, ref)
	if refTaken(err) {
		return nil
	}
	return err
}

// The same through a wrapper of another test: the clash fails the caller.
func (o *Orders) PlaceMiswrapped(ctx context.Context, ref string) error {
	if o.Has(ctx, ref) { // want `check-then-act race: the existence check Has`
		return nil
	}
	_, err := o.db.ExecContext(ctx, `INSERT INTO orders (ref) VALUES ($1)`, ref)
	if refMissing(err) {
		return nil
	}
	return err
}
