package claim_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
)

// TestOutcomeThatCannotBeReplayedFaithfully: an outcome that PostgreSQL
// could not store, or would store altered, is refused before the commit
// with ErrInvalidOutcome (500): the work is rolled back and nothing stored.
// The near misses are stored and replayed byte for byte.
func TestOutcomeThatCannotBeReplayedFaithfully(t *testing.T) {
	e := newEnv(t, claim.Options{}, 2)
	ctx := ctxTimeout(t, 30*time.Second)
	for _, tc := range []struct {
		name    string
		outcome claim.Outcome
		invalid bool
	}{
		{"status 42", claim.Outcome{Status: 42}, true},
		{"status 600", claim.Outcome{Status: 600}, true},
		{"NUL in resource id", claim.Outcome{Status: 201, ResourceID: "a\x00b"}, true},
		{"invalid UTF-8 in resource id", claim.Outcome{Status: 201, ResourceID: "a\xffb"}, true},
		{"NUL in header", claim.Outcome{Status: 201, Headers: http.Header{"Location": {"/p/\x00"}}}, true},
		{"invalid UTF-8 in header", claim.Outcome{Status: 201, Headers: http.Header{"Location": {"/p/\xff"}}}, true},
		{"CR LF in header", claim.Outcome{Status: 201, Headers: http.Header{"Location": {"/p\r\nSet-Cookie: x"}}}, true},
		{"no status", claim.Outcome{ResourceID: "r-1"}, false},
		{"status 599, unicode everywhere", claim.Outcome{Status: 599, ResourceID: "é-1",
			Headers: http.Header{"Location": {"/paiements/é"}}, Body: []byte("\x00\xff binary body")}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := claim.Key{Scope: "a", Operation: "op", Key: tc.name}
			res, err := e.c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
				if _, err := pay(k, 1)(ctx, tx); err != nil {
					return claim.Outcome{}, err
				}
				return tc.outcome, nil
			})
			if tc.invalid {
				var oe *claim.OutcomeError
				code, _ := claim.HTTPStatus(err)
				if !errors.As(err, &oe) || !errors.Is(err, claim.ErrInvalidOutcome) || code != 500 {
					t.Fatalf("%v (HTTP %d), want an OutcomeError, 500", err, code)
				}
				if e.payments(k) != 0 || e.claims(k) != 0 {
					t.Fatalf("refused outcome left %d payments and %d claims", e.payments(k), e.claims(k))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			again, err := e.c.Do(ctx, k, nil, pay(k, 1))
			if err != nil || !again.Replayed {
				t.Fatalf("replay: %+v, %v", again, err)
			}
			if again.Outcome.Status != res.Outcome.Status || again.Outcome.ResourceID != res.Outcome.ResourceID ||
				!bytes.Equal(again.Outcome.Body, res.Outcome.Body) ||
				again.Outcome.Headers.Get("Location") != res.Outcome.Headers.Get("Location") {
				t.Fatalf("replayed %+v, first answer %+v", again.Outcome, res.Outcome)
			}
		})
	}
}

// TestKeyTooLongForTheIndex: parts each within MaxKeyBytes but together
// beyond what the primary key index can hold are ErrInvalidKey before the
// work runs, not a database error after it.
func TestKeyTooLongForTheIndex(t *testing.T) {
	e := newEnv(t, claim.Options{MaxKeyBytes: 2000}, 2)
	ctx := ctxTimeout(t, 30*time.Second)
	for _, tc := range []struct {
		name    string
		key     claim.Key
		invalid bool
	}{
		// Random-looking text, so that the index cannot compress it.
		{"3 x 1000 bytes", claim.Key{Scope: noise(1000, 1), Operation: noise(1000, 2), Key: noise(1000, 3)}, true},
		{"2000 + 300 + 200 bytes", claim.Key{Scope: noise(2000, 4), Operation: noise(300, 5), Key: noise(200, 6)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ran := false
			_, err := e.c.Do(ctx, tc.key, nil, func(context.Context, pgx.Tx) (claim.Outcome, error) {
				ran = true
				return claim.Outcome{Status: 200}, nil
			})
			if tc.invalid {
				if !errors.Is(err, claim.ErrInvalidKey) || ran {
					t.Fatalf("%v (function ran: %v), want ErrInvalidKey before the work", err, ran)
				}
				return
			}
			if err != nil || !ran {
				t.Fatalf("%v, want an execution", err)
			}
			if res, err := e.c.Do(ctx, tc.key, nil, pay(tc.key, 1)); err != nil || !res.Replayed {
				t.Fatalf("replay: %+v, %v", res, err)
			}
		})
	}
}

// noise is n bytes of printable, incompressible text.
func noise(n int, seed uint32) string {
	var b strings.Builder
	x := seed*2654435761 + 1
	for b.Len() < n {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b.WriteByte(byte('!' + x%90))
	}
	return b.String()
}
