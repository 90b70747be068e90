package sqlclass

import (
	"slices"
	"testing"
)

func TestUpdatedColumns(t *testing.T) {
	for _, c := range []struct {
		sql  string
		want []string
	}{
		{`UPDATE users SET otp_active = $1, otp_secret = $2 WHERE id = $3`, []string{"otp_active", "otp_secret"}},
		{`UPDATE repos SET counter = counter + 1 WHERE id = ? RETURNING counter`, []string{"counter"}},
		{`update t SET u.Name = $1 WHERE id = $2`, []string{"name"}},
		{`UPDATE accounts SET (a, b) = ($1, $2) WHERE id = $3`, nil},
		{`SELECT status FROM users WHERE id = $1`, nil},
		{`INSERT INTO users (email) VALUES ($1)`, nil},
	} {
		if got := UpdatedColumns(c.sql); !slices.Equal(got, c.want) {
			t.Errorf("UpdatedColumns(%q) = %q, want %q", c.sql, got, c.want)
		}
	}
}
