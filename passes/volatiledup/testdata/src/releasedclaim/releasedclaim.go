package releasedclaim

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/refund"
)

type Refunds struct {
	rdb *redis.Client
	db  *sql.DB
}

var errInProgress = errors.New("refund in progress")

// The claim is deleted by a deferred cleanup on any failure, also after
// the refund went out (the insert failed): the client's retry with the
// same key claims it again and refunds a second time.
func (s *Refunds) Refund(ctx context.Context, key, charge string) error {
	ok, err := s.rdb.SetNX(ctx, "refund:"+key, "pending", 24*time.Hour).Result() // want `claim forgotten on failure: the claim of the key is deleted at line 35 on a failure after the call refund.New at line 38 ran`
	if err != nil {
		return err
	}
	if !ok {
		return errInProgress
	}
	succeeded := false
	defer func() {
		if !succeeded {
			s.rdb.Del(context.WithoutCancel(ctx), "refund:"+key)
		}
	}()
	r, err := refund.New(&stripe.RefundParams{Charge: stripe.String(charge)})
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO refunds (charge_id, refund_id) VALUES ($1, $2)`, charge, r.ID); err != nil {
		return err
	}
	succeeded = true
	return nil
}

// The same release written inline in the error branch of the step after
// the refund.
func (s *Refunds) RefundInline(ctx context.Context, key, charge string) error {
	claimKey := "refund:" + key
	ok, err := s.rdb.SetNX(ctx, claimKey, "pending", 24*time.Hour).Result() // want `claim forgotten on failure: the claim of the key is deleted at line 67 on a failure after the call refund.New at line 61 ran`
	if err != nil || !ok {
		return err
	}
	if charge == "" {
		s.rdb.Del(ctx, claimKey)
		return errors.New("no charge")
	}
	r, err := refund.New(&stripe.RefundParams{Charge: stripe.String(charge)})
	if err != nil {
		s.rdb.Del(ctx, claimKey)
		return err
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO refunds (charge_id, refund_id) VALUES ($1, $2)`, charge, r.ID); err != nil {
		s.rdb.Del(ctx, claimKey)
		return err
	}
	return nil
}

// A claim row released by the named error result.
func (s *Refunds) RefundClaimRow(ctx context.Context, key, charge string) (err error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO refund_claims (key) VALUES ($1) ON CONFLICT (key) DO NOTHING`, key) // want `claim forgotten on failure: the claim of the key is deleted at line 84 on a failure after the call refund.New at line 87 ran`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errInProgress
	}
	defer func() {
		if err != nil {
			s.db.ExecContext(context.WithoutCancel(ctx), `DELETE FROM refund_claims WHERE key = $1`, key)
		}
	}()
	r, err := refund.New(&stripe.RefundParams{Charge: stripe.String(charge)})
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE refund_claims SET refund_id = $2 WHERE key = $1`, key, r.ID)
	return err
}

// Near miss: after the refund the cleanup keeps the claim (it marks it
// with the refund's id instead), so a retry is answered, not refunded.
func (s *Refunds) RefundMarked(ctx context.Context, key, charge string) error {
	ok, err := s.rdb.SetNX(ctx, "refund:"+key, "pending", 24*time.Hour).Result()
	if err != nil || !ok {
		return err
	}
	var refundID string
	succeeded := false
	defer func() {
		if succeeded {
			return
		}
		if refundID == "" {
			s.rdb.Del(context.WithoutCancel(ctx), "refund:"+key)
			return
		}
		s.rdb.Set(context.WithoutCancel(ctx), "refund:"+key, "refunded:"+refundID, 24*time.Hour)
	}()
	r, err := refund.New(&stripe.RefundParams{Charge: stripe.String(charge)})
	if err != nil {
		return err
	}
	refundID = r.ID
	if _, err := s.db.ExecContext(ctx, `INSERT INTO refunds (charge_id, refund_id) VALUES ($1, $2)`, charge, r.ID); err != nil {
		return err
	}
	succeeded = true
	return nil
}

// Near miss: the claim is released only on failures before the refund.
func (s *Refunds) RefundReleasedEarly(ctx context.Context, key, charge string) error {
	claimKey := "refund:" + key
	ok, err := s.rdb.SetNX(ctx, claimKey, "pending", 24*time.Hour).Result()
	if err != nil || !ok {
		return err
	}
	if charge == "" {
		s.rdb.Del(ctx, claimKey)
		return errors.New("no charge")
	}
	r, err := refund.New(&stripe.RefundParams{Charge: stripe.String(charge)})
	if err != nil {
		s.rdb.Del(ctx, claimKey)
		return err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO refunds (charge_id, refund_id) VALUES ($1, $2)`, charge, r.ID)
	return err
}

// Near miss: a lock, not a claim: released on every path, success too.
// (Nothing remembers the refund; that is not a forgotten claim.)
func (s *Refunds) RefundLocked(ctx context.Context, key, charge string) error {
	ok, err := s.rdb.SetNX(ctx, "lock:"+key, "1", 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer s.rdb.Del(context.WithoutCancel(ctx), "lock:"+key)
	r, err := refund.New(&stripe.RefundParams{Charge: stripe.String(charge)})
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO refunds (charge_id, refund_id) VALUES ($1, $2)`, charge, r.ID)
	return err
}

// Near miss: the refund carries the claim's key as the provider's
// idempotency key, so the retry's refund is the first one, answered again.
func (s *Refunds) RefundKeyed(ctx context.Context, key, charge string) error {
	ok, err := s.rdb.SetNX(ctx, "refund:"+key, "pending", 24*time.Hour).Result()
	if err != nil || !ok {
		return err
	}
	succeeded := false
	defer func() {
		if !succeeded {
			s.rdb.Del(context.WithoutCancel(ctx), "refund:"+key)
		}
	}()
	params := &stripe.RefundParams{Charge: stripe.String(charge)}
	params.SetIdempotencyKey("refund:" + key)
	r, err := refund.New(params)
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO refunds (charge_id, refund_id) VALUES ($1, $2)`, charge, r.ID); err != nil {
		return err
	}
	succeeded = true
	return nil
}
