package claim_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
)

func TestFingerprintJSONIsCanonical(t *testing.T) {
	a, _ := claim.FingerprintJSONFields([]byte(`{"amount": 10, "currency":"EUR", "nested": {"b":1,"a":2}}`), "amount", "currency", "nested")
	b, _ := claim.FingerprintJSONFields([]byte(`{"nested":{"a":2,"b":1},"currency":"EUR","amount":10}`), "amount", "currency", "nested")
	if !bytes.Equal(a, b) || len(a) != 32 {
		t.Fatalf("key order or whitespace changed the fingerprint: %x vs %x", a, b)
	}
	for _, other := range []string{
		`{"amount": 11, "currency":"EUR", "nested": {"b":1,"a":2}}`,
		`{"amount": "10", "currency":"EUR", "nested": {"b":1,"a":2}}`,
		`{"amount": 10, "currency":"EUR", "nested": {"b":1,"a":3}}`,
		`{"amount": 10, "nested": {"b":1,"a":2}}`, // currency missing counts as null
	} {
		f, err := claim.FingerprintJSONFields([]byte(other), "amount", "currency", "nested")
		if err != nil || bytes.Equal(f, a) {
			t.Errorf("%s: same fingerprint as the original (%v)", other, err)
		}
	}
	// Fields not chosen do not count.
	c, _ := claim.FingerprintJSONFields([]byte(`{"amount":10,"currency":"EUR","nested":{"a":2,"b":1},"trace_id":"x"}`),
		"amount", "currency", "nested")
	if !bytes.Equal(a, c) {
		t.Fatal("an unchosen field changed the fingerprint")
	}
	// Big integers are not rounded through float64.
	x, _ := claim.FingerprintJSON(map[string]any{"id": uint64(1 << 62)})
	y, _ := claim.FingerprintJSON(map[string]any{"id": uint64(1<<62 + 1)})
	if bytes.Equal(x, y) {
		t.Fatal("distinct large integers share a fingerprint")
	}
	if _, err := claim.FingerprintJSONFields([]byte(`[1]`), "a"); err == nil {
		t.Fatal("a non-object body was accepted for field selection")
	}
	if _, err := claim.FingerprintJSONFields([]byte(`{"a":1} {}`), "a"); err == nil {
		t.Fatal("trailing data was accepted")
	}
}

func TestHTTPStatus(t *testing.T) {
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	for _, tc := range []struct {
		err  error
		code int
		ok   bool
	}{
		{&claim.InProgressError{Key: k, After: 1500 * time.Millisecond}, 409, true},
		{fmt.Errorf("wrapped: %w", &claim.MismatchError{Key: k}), 422, true},
		{&claim.KeyError{Field: "key", Reason: "is empty"}, 400, true},
		{&claim.OutcomeTooLargeError{Size: 2, Limit: 1}, 500, true},
		{&claim.OutcomeError{Field: "status", Reason: "is 42"}, 500, true},
		{&claim.TxStateError{Key: k, State: "committed", Committed: true}, 500, true},
		{&claim.MissingOutcomeError{Key: k}, 500, true},
		{fmt.Errorf("%w after 5 attempts: %w", claim.ErrRetriesExhausted, errors.New("x")), 503, true},
		{errors.New("business"), 0, false},
	} {
		code, ok := claim.HTTPStatus(tc.err)
		if code != tc.code || ok != tc.ok {
			t.Errorf("HTTPStatus(%v) = %d, %v; want %d, %v", tc.err, code, ok, tc.code, tc.ok)
		}
	}
	if got := (&claim.InProgressError{After: 1500 * time.Millisecond}).RetryAfter(); got != "2" {
		t.Errorf("Retry-After for 1.5s = %q, want 2 (rounded up)", got)
	}
	if got := (&claim.InProgressError{}).RetryAfter(); got != "1" {
		t.Errorf("Retry-After for 0 = %q, want at least 1", got)
	}
}

func TestOptionsAreValidated(t *testing.T) {
	for _, opts := range []claim.Options{
		{TTL: -time.Second},
		{LockTimeout: -1},
		{MaxAttempts: -1},
		{Isolation: "read uncommitted"},
		{HoldTimeout: time.Second, LockTimeout: 2 * time.Second},
		{Table: "claims\x00"},
	} {
		if _, err := claim.New(nil, opts); err == nil {
			t.Errorf("New accepted %+v", opts)
		}
		if _, err := claim.NewSQL(nil, opts); err == nil {
			t.Errorf("NewSQL accepted %+v", opts)
		}
	}
	// The near misses: bounds in the right order, negative meaning off.
	for _, opts := range []claim.Options{
		{HoldTimeout: 2 * time.Second, LockTimeout: time.Second},
		{HoldTimeout: -1, MaxWaiters: -1, NonBlocking: true, Schema: "billing", Table: "Claims"},
	} {
		if _, err := claim.New(nil, opts); err != nil {
			t.Errorf("New refused %+v: %v", opts, err)
		}
	}
}

func TestErrorsMatchTheirSentinels(t *testing.T) {
	committed := &claim.TxStateError{Committed: true}
	rolledBack := &claim.TxStateError{}
	if !errors.Is(committed, claim.ErrTxState) || !errors.Is(committed, claim.ErrMissingOutcome) {
		t.Error("a committed TxStateError must match ErrTxState and ErrMissingOutcome")
	}
	if !errors.Is(rolledBack, claim.ErrTxState) || errors.Is(rolledBack, claim.ErrMissingOutcome) {
		t.Error("a rolled-back TxStateError must match ErrTxState only")
	}
	if !errors.Is(&claim.OutcomeError{}, claim.ErrInvalidOutcome) || errors.Is(&claim.OutcomeError{}, claim.ErrOutcomeTooLarge) {
		t.Error("OutcomeError must match ErrInvalidOutcome only")
	}
}
