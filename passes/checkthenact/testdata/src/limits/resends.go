package limits

import (
	"context"
	"database/sql"
	"errors"
)

// A claimed coupon may be mailed again up to a limit. The count is read,
// compared, the mail sent, and the count raised by an update whose WHERE
// names the coupon by two columns, neither of them the count: the second
// request's update matches as the first's did.

type Giveaways struct{ db *sql.DB }

type claimedGiveaway struct {
	Provider  string
	Code      string
	SentCount int
}

const maxResends = 3

var errResendLimit = errors.New("resend limit reached")

func (c *Giveaways) claimed(ctx context.Context, provider string, userID int64) (*claimedGiveaway, error) {
	var cc claimedGiveaway
	err := c.db.QueryRowContext(ctx, `SELECT provider_name, code, sent_count FROM discount_coupons WHERE provider_name = $1 AND claimed_by = $2`, provider, userID).Scan(&cc.Provider, &cc.Code, &cc.SentCount)
	if err != nil {
		return nil, err
	}
	return &cc, nil
}

func (c *Giveaways) countResend(ctx context.Context, provider, code string) error {
	_, err := c.db.ExecContext(ctx, `UPDATE discount_coupons SET sent_count = sent_count + 1 WHERE provider_name = $1 AND code = $2`, provider, code)
	return err
}

func (c *Giveaways) countResendBelowLimit(ctx context.Context, provider, code string) (bool, error) {
	res, err := c.db.ExecContext(ctx, `UPDATE discount_coupons SET sent_count = sent_count + 1 WHERE provider_name = $1 AND code = $2 AND sent_count < $3`, provider, code, maxResends)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func mailCoupon(ctx context.Context, userID int64, code string) error { return nil }

func (c *Giveaways) Resend(ctx context.Context, provider string, userID int64) error {
	cc, err := c.claimed(ctx, provider, userID) // want `limit race: SentCount read here is compared at line \d+, and countResend at line \d+ takes from it in a separate step`
	if err != nil {
		return err
	}
	if cc.SentCount >= maxResends {
		return errResendLimit
	}
	if err := mailCoupon(ctx, userID, cc.Code); err != nil {
		return err
	}
	return c.countResend(ctx, provider, cc.Code)
}

// Near miss: the count is raised first, only below the limit, and the
// mail goes out only when this request raised it.
func (c *Giveaways) ResendCounted(ctx context.Context, provider string, userID int64) error {
	cc, err := c.claimed(ctx, provider, userID)
	if err != nil {
		return err
	}
	if cc.SentCount >= maxResends {
		return errResendLimit
	}
	ok, err := c.countResendBelowLimit(ctx, provider, cc.Code)
	if err != nil {
		return err
	}
	if !ok {
		return errResendLimit
	}
	return mailCoupon(ctx, userID, cc.Code)
}
