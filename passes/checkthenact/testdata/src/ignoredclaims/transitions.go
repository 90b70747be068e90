package ignoredclaims

import (
	"context"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A guarded transition executed for its error alone: two payments of one
// order both run the UPDATE (one changes the row, one changes none) and
// both charge.
func payOrder(ctx context.Context, pool *pgxpool.Pool, id string) error {
	if _, err := pool.Exec(ctx, `UPDATE orders SET status = 'paid' WHERE id = $1 AND status = 'pending'`, id); err != nil { // want `ignored claim: the guarded update of orders picks one winner, but nothing reads whether this call won \(rows affected == 1\), so a concurrent or repeated caller goes on to Post`
		return err
	}
	_, err := http.Post("https://psp.example/charge", "text/plain", strings.NewReader(id))
	return err
}

// Near miss: the rows affected decide who charges.
func payOrderOnce(ctx context.Context, pool *pgxpool.Pool, id string) error {
	tag, err := pool.Exec(ctx, `UPDATE orders SET status = 'paid' WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() != 1 {
		return nil
	}
	_, err = http.Post("https://psp.example/charge", "text/plain", strings.NewReader(id))
	return err
}

// Near miss: nothing that must not run twice follows the transition.
func closeOrder(ctx context.Context, pool *pgxpool.Pool, id string) error {
	if _, err := pool.Exec(ctx, `UPDATE orders SET status = 'closed' WHERE id = $1 AND status = 'paid'`, id); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE carts SET order_id = NULL WHERE order_id = $1`, id)
	return err
}

// Near miss: the WHERE selects rows by other columns (an organization's
// tokens) and tests no state the SET moves: no transition to win.
func expireTokens(ctx context.Context, pool *pgxpool.Pool, org, owner string) error {
	if _, err := pool.Exec(ctx, `UPDATE tokens SET expires_in = 0 WHERE organization = $1 AND owner = $2`, org, owner); err != nil {
		return err
	}
	_, err := http.Post("https://sso.example/backchannel-logout", "text/plain", strings.NewReader(owner))
	return err
}
