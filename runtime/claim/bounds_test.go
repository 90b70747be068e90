package claim_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
)

func TestKeyBounds(t *testing.T) {
	e := newEnv(t, claim.Options{MaxKeyBytes: 16}, 2)
	ctx := ctxTimeout(t, 30*time.Second)
	ok := claim.Key{Scope: "a", Operation: "op", Key: strings.Repeat("k", 16)}
	for _, tc := range []struct {
		name  string
		key   claim.Key
		fp    []byte
		field string // "" means valid
	}{
		{"at the limit", ok, nil, ""},
		{"fingerprint at its limit", claim.Key{Scope: "a", Operation: "op", Key: "f64"}, make([]byte, 64), ""},
		{"key over the limit", claim.Key{Scope: "a", Operation: "op", Key: strings.Repeat("k", 17)}, nil, "key"},
		{"multibyte over the limit", claim.Key{Scope: "a", Operation: "op", Key: strings.Repeat("é", 9)}, nil, "key"},
		{"empty scope", claim.Key{Operation: "op", Key: "k"}, nil, "scope"},
		{"empty operation", claim.Key{Scope: "a", Key: "k"}, nil, "operation"},
		{"empty key", claim.Key{Scope: "a", Operation: "op"}, nil, "key"},
		{"NUL byte", claim.Key{Scope: "a", Operation: "op", Key: "k\x00"}, nil, "key"},
		{"newline", claim.Key{Scope: "a", Operation: "op", Key: "k\n"}, nil, "key"},
		{"invalid UTF-8", claim.Key{Scope: "a\xff", Operation: "op", Key: "k"}, nil, "scope"},
		{"fingerprint over its limit", claim.Key{Scope: "a", Operation: "op", Key: "f65"}, make([]byte, 65), "fingerprint"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ran := false
			_, err := e.c.Do(ctx, tc.key, tc.fp, func(context.Context, pgx.Tx) (claim.Outcome, error) {
				ran = true
				return claim.Outcome{Status: 200}, nil
			})
			if tc.field == "" {
				if err != nil || !ran {
					t.Fatalf("valid key refused: %v", err)
				}
				return
			}
			var ke *claim.KeyError
			if !errors.As(err, &ke) || !errors.Is(err, claim.ErrInvalidKey) || ke.Field != tc.field {
				t.Fatalf("err = %v, want a KeyError on %s", err, tc.field)
			}
			if !strings.Contains(err.Error(), tc.field) {
				t.Fatalf("message %q does not name the field", err)
			}
			if code, _ := claim.HTTPStatus(err); code != 400 {
				t.Fatalf("HTTP %d, want 400", code)
			}
			if ran {
				t.Fatal("the function ran for an invalid key")
			}
		})
	}
}

func TestOutcomeBound(t *testing.T) {
	e := newEnv(t, claim.Options{MaxOutcomeBytes: 100}, 2)
	ctx := ctxTimeout(t, 30*time.Second)
	withBody := func(k claim.Key, n int) claim.Func {
		return func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			if _, err := pay(k, n)(ctx, tx); err != nil {
				return claim.Outcome{}, err
			}
			return claim.Outcome{Status: 200, Body: make([]byte, n)}, nil
		}
	}
	fits := claim.Key{Scope: "a", Operation: "op", Key: "fits"}
	if _, err := e.c.Do(ctx, fits, nil, withBody(fits, 100)); err != nil {
		t.Fatalf("100-byte outcome at a 100-byte limit: %v", err)
	}
	big := claim.Key{Scope: "a", Operation: "op", Key: "big"}
	_, err := e.c.Do(ctx, big, nil, withBody(big, 101))
	var te *claim.OutcomeTooLargeError
	if !errors.As(err, &te) || !errors.Is(err, claim.ErrOutcomeTooLarge) || te.Size != 101 || te.Limit != 100 {
		t.Fatalf("err = %v, want OutcomeTooLargeError 101/100", err)
	}
	if code, _ := claim.HTTPStatus(err); code != 500 {
		t.Fatalf("HTTP %d, want 500", code)
	}
	if e.claims(big) != 0 || e.payments(big) != 0 {
		t.Fatal("an outcome that could not be stored left its effect behind")
	}
}

func TestOnlyAllowlistedHeadersAreStored(t *testing.T) {
	e := newEnv(t, claim.Options{}, 2)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	fn := func(context.Context, pgx.Tx) (claim.Outcome, error) {
		return claim.Outcome{Status: 201, Headers: http.Header{
			"content-type":  {"application/json"},
			"Location":      {"/payments/1"},
			"Set-Cookie":    {"session=secret"},
			"Authorization": {"Bearer secret"},
		}}, nil
	}
	first, err := e.c.Do(ctx, k, nil, fn)
	if err != nil {
		t.Fatal(err)
	}
	replay, err := e.c.Do(ctx, k, nil, fn)
	if err != nil || !replay.Replayed {
		t.Fatalf("%+v, %v", replay, err)
	}
	for _, res := range []claim.Result{first, replay} {
		h := res.Outcome.Headers
		if h.Get("Content-Type") != "application/json" || h.Get("Location") != "/payments/1" {
			t.Fatalf("allowlisted headers lost: %v", h)
		}
		if h.Get("Set-Cookie") != "" || h.Get("Authorization") != "" {
			t.Fatalf("credentials stored or returned: %v", h)
		}
	}
	if n := e.count("SELECT count(*) FROM idemvet_claims WHERE headers::text LIKE '%secret%'"); n != 0 {
		t.Fatal("a secret header reached the table")
	}
}
