package claim

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"
)

// Outcome is what is stored with the claim and replayed to every later call
// with the same Key: the response, not something rebuilt from current state.
// Use the fields the operation needs: an HTTP-style status, body and headers,
// or just the id of the resource the operation created.
//
// Status is 0 (no status: the operation is not answered over HTTP) or an
// HTTP status, 100 to 599. Header values and ResourceID must be valid UTF-8
// without NUL (and header values without CR or LF): anything else could not
// be replayed byte for byte, so Do refuses it with an OutcomeError and rolls
// the work back. Body is stored as bytes, as is.
type Outcome struct {
	Status int
	Body   []byte
	// Headers to replay. Only names in Options.ReplayHeaders are stored;
	// others are dropped, so cookies and credentials never reach the table.
	Headers    http.Header
	ResourceID string
}

// Result is what Do returns.
type Result struct {
	Outcome Outcome
	// Replayed is true when the outcome was stored by an earlier call: this
	// call executed nothing.
	Replayed bool
	// Rejected is true when the outcome is a terminal business rejection
	// (see Reject), on the first call and on every replay alike.
	Rejected bool
}

// Rejection is a terminal business rejection: see Reject.
type Rejection struct {
	Outcome Outcome
	Cause   error
}

// Reject marks outcome as a terminal business rejection ("insufficient
// funds"). Returned as the error of Do's function, it rolls back the
// function's writes like any error but, unlike other errors, then stores
// outcome under the key with Result.Rejected set: a retry with the same key
// gets the same rejection instead of executing again. (DoTx keeps the claim
// and undoes only the function's writes, with a savepoint.) Use it for answers that must
// stay stable; return a plain error for failures a retry may cure. cause is
// for logs on the first call only: it is not stored.
func Reject(outcome Outcome, cause error) error {
	return &Rejection{Outcome: outcome, Cause: cause}
}

func (r *Rejection) Error() string {
	if r.Cause != nil {
		return fmt.Sprintf("claim: rejected with status %d: %v", r.Outcome.Status, r.Cause)
	}
	return fmt.Sprintf("claim: rejected with status %d", r.Outcome.Status)
}

func (r *Rejection) Unwrap() error { return r.Cause }

// storedOutcome is an Outcome reduced to what is stored.
type storedOutcome struct {
	status     int32
	body       []byte
	headers    string // JSON, "" for none
	resourceID string
}

// encode filters headers through the allowlist, checks that the replay
// will equal the outcome and checks the stored size. kept is the outcome as
// a replay will return it.
func (o Outcome) encode(allow map[string]bool, limit int) (kept Outcome, s storedOutcome, err error) {
	if o.Status != 0 && (o.Status < 100 || o.Status > 599) {
		return Outcome{}, storedOutcome{}, &OutcomeError{Field: "status", Reason: fmt.Sprintf("%d is outside 100-599", o.Status)}
	}
	if reason := badText(o.ResourceID, ""); reason != "" {
		return Outcome{}, storedOutcome{}, &OutcomeError{Field: "resource id", Reason: reason}
	}
	kept = Outcome{Status: o.Status, Body: o.Body, ResourceID: o.ResourceID}
	for name, values := range o.Headers {
		canonical := http.CanonicalHeaderKey(name)
		if !allow[canonical] {
			continue
		}
		for _, v := range values {
			if reason := badText(v, "\r\n"); reason != "" {
				return Outcome{}, storedOutcome{}, &OutcomeError{Field: "header " + canonical, Reason: reason}
			}
		}
		if kept.Headers == nil {
			kept.Headers = http.Header{}
		}
		kept.Headers[canonical] = append(kept.Headers[canonical], values...)
	}
	s = storedOutcome{status: int32(o.Status), body: o.Body, resourceID: o.ResourceID}
	if len(kept.Headers) > 0 {
		b, err := json.Marshal(kept.Headers)
		if err != nil {
			return Outcome{}, storedOutcome{}, err
		}
		s.headers = string(b)
	}
	if size := len(s.body) + len(s.headers) + len(s.resourceID); size > limit {
		return Outcome{}, storedOutcome{}, &OutcomeTooLargeError{Size: size, Limit: limit}
	}
	return kept, s, nil
}

// badText says why s cannot be stored as PostgreSQL text (or jsonb) and read
// back unchanged, or "" if it can; also refused are the bytes in forbidden.
func badText(s, forbidden string) string {
	switch {
	case !utf8.ValidString(s):
		return "is not valid UTF-8"
	case strings.ContainsRune(s, 0):
		return "contains NUL"
	case strings.ContainsAny(s, forbidden):
		return "contains CR or LF"
	}
	return ""
}

func decodeOutcome(status int32, body []byte, headers *string, resourceID *string) (Outcome, error) {
	o := Outcome{Status: int(status), Body: body}
	if resourceID != nil {
		o.ResourceID = *resourceID
	}
	if headers != nil && *headers != "" {
		if err := json.Unmarshal([]byte(*headers), &o.Headers); err != nil {
			return Outcome{}, fmt.Errorf("claim: stored headers: %w", err)
		}
	}
	return o, nil
}
