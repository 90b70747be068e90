package statusgate

import (
	"context"
	"database/sql"
	"errors"
)

// A purchase verified twice at once (the store's webhook and the client's
// own verify call, or a client retry) upgrades an account from the free
// plan. Whether it is an upgrade is decided from the plan read, kept in a
// variable, and acted on after the plan is replaced: both callers read
// the free plan, and both send the welcome-to-paid mail.

type PlanSubscription struct {
	ID        int64
	UserID    int64
	ProductID string
	Expiry    int64
}

type UpgradeMailer interface {
	SendUpgradeMail(ctx context.Context, userID int64) error
}

type Plans struct {
	db   *sql.DB
	mail UpgradeMailer
}

const freePlan = "free"

var errOutdated = errors.New("outdated purchase")

func (p *Plans) current(ctx context.Context, userID int64) (PlanSubscription, error) {
	var s PlanSubscription
	err := p.db.QueryRowContext(ctx, `SELECT subscription_id, user_id, product_id, expiry FROM subscriptions WHERE user_id = $1`, userID).Scan(&s.ID, &s.UserID, &s.ProductID, &s.Expiry)
	return s, err
}

func (p *Plans) replace(ctx context.Context, id int64, s PlanSubscription) error {
	_, err := p.db.ExecContext(ctx, `UPDATE subscriptions SET product_id = $2, expiry = $3 WHERE subscription_id = $1`, id, s.ProductID, s.Expiry)
	return err
}

func (p *Plans) replaceFree(ctx context.Context, id int64, s PlanSubscription) (bool, error) {
	res, err := p.db.ExecContext(ctx, `UPDATE subscriptions SET product_id = $2, expiry = $3 WHERE subscription_id = $1 AND product_id = 'free'`, id, s.ProductID, s.Expiry)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (p *Plans) Verify(ctx context.Context, userID int64, verified PlanSubscription) error {
	cur, err := p.current(ctx, userID) // want `status-gate race: ProductID read here is tested`
	if err != nil {
		return err
	}
	upgrading := cur.ProductID == freePlan
	if !upgrading && verified.Expiry < cur.Expiry {
		return errOutdated
	}
	if err := p.replace(ctx, cur.ID, verified); err != nil {
		return err
	}
	if upgrading {
		go func() {
			_ = p.mail.SendUpgradeMail(context.Background(), userID)
		}()
	}
	return nil
}

// Near miss: the upgrade is the update that finds the free plan, and only
// the caller whose update changed the row mails.
func (p *Plans) VerifyOnce(ctx context.Context, userID int64, verified PlanSubscription) error {
	cur, err := p.current(ctx, userID)
	if err != nil {
		return err
	}
	if cur.ProductID != freePlan {
		return p.replace(ctx, cur.ID, verified)
	}
	upgraded, err := p.replaceFree(ctx, cur.ID, verified)
	if err != nil || !upgraded {
		return err
	}
	go func() {
		_ = p.mail.SendUpgradeMail(context.Background(), userID)
	}()
	return nil
}

func (p *Plans) save(ctx context.Context, s *PlanSubscription) error {
	_, err := p.db.ExecContext(ctx, `UPDATE subscriptions SET product_id = $2, expiry = $3 WHERE subscription_id = $1`, s.ID, s.ProductID, s.Expiry)
	return err
}

// Near miss: the record saved before the branch moves only its expiry;
// the plan it branches on is the same for every caller, and no caller
// moves it.
func (p *Plans) Extend(ctx context.Context, userID int64, expiry int64) error {
	cur, err := p.current(ctx, userID)
	if err != nil {
		return err
	}
	cur.Expiry = expiry
	if err := p.save(ctx, &cur); err != nil {
		return err
	}
	if cur.ProductID == freePlan {
		_ = p.mail.SendUpgradeMail(ctx, userID)
	}
	return nil
}
