package freshkeys

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	mathrand "math/rand"
	"strings"
	"time"

	"github.com/google/uuid"

	"randutil"
)

func codeTaken(ctx context.Context, db *sql.DB, code string) (bool, error) {
	var taken bool
	err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM invites WHERE code = $1)`, code).Scan(&taken)
	return taken, err
}

const letters = "abcdefghijklmnopqrstuvwxyz0123456789"

// randomCode draws n random characters into a builder.
func randomCode(n int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		sb.WriteByte(letters[mathrand.Intn(len(letters))])
	}
	return sb.String()
}

// slugCode is the same for the same name.
func slugCode(name string) string { return strings.ToUpper(strings.ReplaceAll(name, " ", "")) }

// Silent: the code is drawn at random for this call; a twin checks a code
// of its own, and the check only avoids a collision.
func drawInviteCode(ctx context.Context, db *sql.DB) (string, error) {
	for {
		code := randomCode(8)
		taken, err := codeTaken(ctx, db, code)
		if err != nil {
			return "", err
		}
		if taken {
			continue
		}
		_, err = db.ExecContext(ctx, `INSERT INTO invites (code) VALUES ($1)`, code)
		return code, err
	}
}

// Near miss: a code derived from the name is the same for two requests
// with one name; both see it free and both insert it.
func nameInviteCode(ctx context.Context, db *sql.DB, name string) (string, error) {
	code := slugCode(name)
	taken, err := codeTaken(ctx, db, code) // want `check-then-act race`
	if err != nil || taken {
		return "", err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO invites (code) VALUES ($1)`, code)
	return code, err
}

// Silent: redrawn until free, the variable only ever holds drawn codes.
func redrawInviteCode(ctx context.Context, db *sql.DB) (string, error) {
	code := randomCode(8)
	for {
		taken, err := codeTaken(ctx, db, code)
		if err != nil {
			return "", err
		}
		if !taken {
			break
		}
		code = randomCode(8)
	}
	_, err := db.ExecContext(ctx, `INSERT INTO invites (code) VALUES ($1)`, code)
	return code, err
}

// Silent: a new UUID per call.
func newSession(ctx context.Context, db *sql.DB) (string, error) {
	id := uuid.New().String()
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sessions WHERE id = $1`, id).Scan(&n); err != nil {
		return "", err
	}
	if n > 0 {
		return "", nil
	}
	_, err := db.ExecContext(ctx, `INSERT INTO sessions (id) VALUES ($1)`, id)
	return id, err
}

// Near miss: the day is the same for every caller that runs at once; two
// report jobs both find no report and both insert one.
func dailyReport(ctx context.Context, db *sql.DB) error {
	day := time.Now().Format("2006-01-02")
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM reports WHERE day = $1`, day).Scan(&n); err != nil { // want `check-then-act race`
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := db.ExecContext(ctx, `INSERT INTO reports (day) VALUES ($1)`, day)
	return err
}

// Silent: 128 bits from crypto/rand, hex-encoded.
func newAPIToken(ctx context.Context, db *sql.DB, user int64) (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	token := "tok_" + hex.EncodeToString(b)
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM api_tokens WHERE token = $1`, token).Scan(&n); err != nil {
		return "", err
	}
	if n > 0 {
		return "", nil
	}
	_, err := db.ExecContext(ctx, `INSERT INTO api_tokens (token, user_id) VALUES ($1, $2)`, token, user)
	return token, err
}

// Near miss: the new row gets a fresh id, but the check is on the e-mail,
// which two sign-ups share.
func signUp(ctx context.Context, db *sql.DB, email string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE email = $1`, email).Scan(&n); err != nil { // want `check-then-act race`
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := db.ExecContext(ctx, `INSERT INTO users (id, email) VALUES ($1, $2)`, uuid.NewString(), email)
	return err
}

// Silent: a helper of another package named for randomness.
func shortLink(ctx context.Context, db *sql.DB, url string) (string, error) {
	code := randutil.RandomCode(6)
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM links WHERE code = $1`, code).Scan(&n); err != nil {
		return "", err
	}
	if n > 0 {
		return "", nil
	}
	_, err := db.ExecContext(ctx, `INSERT INTO links (code, url) VALUES ($1, $2)`, code, url)
	return code, err
}

// Near miss: another package's slug of the title is the same for the same
// title.
func titledLink(ctx context.Context, db *sql.DB, title, url string) (string, error) {
	code := randutil.Slug(title)
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM links WHERE code = $1`, code).Scan(&n); err != nil { // want `check-then-act race`
		return "", err
	}
	if n > 0 {
		return "", nil
	}
	_, err := db.ExecContext(ctx, `INSERT INTO links (code, url) VALUES ($1, $2)`, code, url)
	return code, err
}
