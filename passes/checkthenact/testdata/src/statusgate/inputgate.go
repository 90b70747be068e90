package statusgate

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"strings"
)

// OTPParams are a request's parameters, decoded by the handler.
type OTPParams struct {
	Email      string
	CreateUser bool
}

// mayCreateUser is a permission test: a sign-in that may not create
// users needs one that exists.
func mayCreateUser(r *http.Request, db *sql.DB, params *OTPParams) (bool, error) {
	if params.CreateUser {
		return true, nil
	}
	_, err := findUserByEmail(r.Context(), db, params.Email)
	if err == sql.ErrNoRows {
		return false, nil
	}
	return err == nil, err
}

// Member is a user as findUserByEmail loads it.
type Member struct {
	ID    string
	Email string
}

func findUserByEmail(ctx context.Context, db *sql.DB, email string) (*Member, error) {
	m := &Member{}
	err := db.QueryRowContext(ctx, `SELECT id, email FROM users WHERE email = $1`, email).Scan(&m.ID, &m.Email)
	return m, err
}

func sendMagicLink(r *http.Request, db *sql.DB, params *OTPParams) error {
	email := params.Email
	if _, err := http.Post("https://mail.example/send", "text/plain", strings.NewReader(email)); err != nil {
		return err
	}
	m, err := findUserByEmail(r.Context(), db, email)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(r.Context(), `UPDATE users SET magic_link_sent_at = now() WHERE id = $1`, m.ID)
	return err
}

// Near miss (supabase auth's Otp): the fields tested are the request's,
// which the handler filled and read before the helper saw them.
func OTP(r *http.Request, db *sql.DB) error {
	params := &OTPParams{CreateUser: true}
	if err := json.NewDecoder(r.Body).Decode(params); err != nil || params.Email == "" {
		return err
	}
	ok, err := mayCreateUser(r, db, params)
	if err != nil || !ok {
		return err
	}
	if params.Email != "" {
		return sendMagicLink(r, db, params)
	}
	return nil
}

// loadChargeInto fills a charge the caller passes.
func loadChargeInto(ctx context.Context, db *sql.DB, id string, c *Charge) error {
	return db.QueryRowContext(ctx, `SELECT status FROM payments WHERE id = $1`, id).Scan(&c.Status)
}

// The helper fills the record: its Status is the row's state.
func captureInto(ctx context.Context, db *sql.DB, id string) error {
	var c Charge
	if err := loadChargeInto(ctx, db, id, &c); err != nil { // want `status-gate race: Status read here is tested`
		return err
	}
	if c.Status == "captured" {
		return nil
	}
	http.Post("https://shop.example/paid", "text/plain", strings.NewReader(id))
	_, err := db.ExecContext(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, id)
	return err
}
