package idemhttp

import (
	"net/http"

	"github.com/idemvet/idemvet/runtime/claim"
)

// StoredResponse is a response as the claims table holds it, handed to the
// hooks that decide what is stored (Options.Redact), who may see it again
// (Options.AuthorizeReplay) and how it is turned back into a response
// (Options.Restore).
type StoredResponse struct {
	// Key is the claim the response is stored under (principal, operation,
	// key); the hooks read it, changes to it are ignored.
	Key claim.Key
	// Status is the handler's status; it is always stored as is.
	Status int
	// Header holds the response headers. Only the names in
	// Claim.ReplayHeaders (default Content-Type and Location) are stored.
	Header http.Header
	// Body is the stored body: the handler's, unless Redact changed it.
	Body []byte
	// ResourceID is a reference to the resource the request created or
	// changed ("" by default), for a Restore that loads the body from it.
	ResourceID string
}

func (s StoredResponse) outcome() claim.Outcome {
	return claim.Outcome{Status: s.Status, Headers: s.Header, Body: s.Body, ResourceID: s.ResourceID}
}

func storedFrom(key claim.Key, o claim.Outcome) StoredResponse {
	return StoredResponse{Key: key, Status: o.Status, Header: o.Headers, Body: o.Body, ResourceID: o.ResourceID}
}

// isStored reports whether a handler's answer with status is stored and
// replayed. Transient answers are not: a 429, 408 or 425 says "not now"
// (replaying it for the key's whole TTL would lock the client out of its
// own key), and a 5xx says the server failed, unless Store5xx asks for
// Stripe's behaviour. A response that is not stored rolls back with the
// handler's writes and frees the key, so the retry runs the handler again.
func (m *Middleware) isStored(status int) bool {
	switch {
	case status == http.StatusRequestTimeout, status == http.StatusTooEarly, status == http.StatusTooManyRequests:
		return false
	case status >= 500:
		return m.opts.Store5xx
	}
	return true
}
