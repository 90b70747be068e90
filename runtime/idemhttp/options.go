package idemhttp

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/idemvet/idemvet/runtime/claim"
)

// Options configure a Middleware. Principal is required; the zero value of
// every other field means its default.
type Options struct {
	// Principal returns the authenticated tenant or principal of the
	// request, the scope of its keys: the same key from two principals
	// names two operations, and neither can see the other's response. It
	// runs after your authentication middleware. An error or "" answers 401
	// without running the handler. Required: there is no default, because
	// any default would mix tenants.
	Principal func(r *http.Request) (string, error)

	// Header is the request header carrying the key. Default
	// "Idempotency-Key".
	Header string
	// Methods are the methods that require a key (400 without one);
	// requests with other methods pass through untouched. Default POST and
	// PATCH, the non-idempotent methods of the IETF draft.
	Methods []string
	// MaxKeyBytes bounds the key. Default 255 (at most the claim's
	// MaxKeyBytes).
	MaxKeyBytes int
	// MaxBodyBytes bounds the request body read for the fingerprint: a
	// longer body is answered 413 without running the handler. Default 1 MiB.
	MaxBodyBytes int64
	// FingerprintHeaders are request headers whose values change what the
	// request does (an API version, Content-Type); they are part of the
	// fingerprint with the method, route, path, query and body.
	FingerprintHeaders []string
	// Route returns the request's route pattern for the fingerprint.
	// Default r.Pattern, which http.ServeMux sets when it routes to the
	// wrapped handler (chi: chi.RouteContext(r.Context()).RoutePattern()).
	// The escaped path and query are fingerprinted as well, so a key reused
	// on another resource of the same route is still a mismatch.
	Route func(r *http.Request) string
	// Operation is the claim.Key Operation of every request: it keeps this
	// middleware's keys apart from other users of the claims table.
	// Default "http".
	Operation string
	// Store5xx stores and replays 5xx responses as Stripe does. Default
	// false: a 5xx rolls back the handler's transaction and is not stored,
	// so the client's retry executes again. 408, 425 and 429 are never
	// stored, whatever Store5xx says: they mean "not now", and a replay
	// would refuse the key for its whole TTL.
	Store5xx bool
	// Fingerprint says how the body enters the request fingerprint:
	// FingerprintBytes (the default) or FingerprintJSON.
	Fingerprint Fingerprint
	// OnError receives the failures behind the middleware's own 5xx
	// answers (the claims table missing, the database down, a response too
	// large to store, a principal the claim cannot store, a stored response
	// that Restore cannot read), never the handler's own 5xx. Default: an
	// ERROR record on slog.Default with the method and path.
	OnError func(r *http.Request, err error)

	// Admit rate-limits keyed requests once the claim knows what they are:
	// replay is false for a request that would run the handler (a new
	// claim, inside its transaction, asked once even when a serialization
	// failure runs the handler again) and true for one answered from the
	// stored response, so a limiter can charge new work and cheap replays
	// apart (say, a token bucket per principal for new claims only). An
	// error refuses the request with 429 rate-limited: a refused new claim
	// is rolled back and never stored, so the same key runs later. Answers
	// that neither run the handler nor send a stored response (400, 401,
	// 409, 413, 422) do not ask it: put a plain rate limiter in front of the
	// middleware for those. Default: every request is admitted.
	Admit func(r *http.Request, replay bool) error
	// AuthorizeReplay runs before a stored response is sent again: the
	// caller may have lost access to the resource since the first request
	// (a revoked role, a transferred account), and the principal alone
	// does not say so. An error answers 403 replay-forbidden, or 404
	// replay-not-found when it wraps ErrReplayNotFound; neither reveals
	// anything about the stored response. It receives the response as
	// stored (before Restore). Default: the principal that stored the
	// response may replay it.
	AuthorizeReplay func(r *http.Request, stored StoredResponse) error
	// Redact decides what of a response is stored, inside the claim's
	// transaction, after the handler has answered and before the commit:
	// drop or mask fields of the body, keep only a reference (set
	// ResourceID, clear Body) that Restore turns back into a body, or
	// encrypt it (BodyCipher). The client of the first request gets the
	// handler's response unchanged. It may change Header, Body and
	// ResourceID, not Status. An error rolls the request back (500, and
	// OnError). Default: the body and the allow-listed headers as sent.
	Redact func(r *http.Request, resp StoredResponse) (StoredResponse, error)
	// Restore turns a stored response back into the one a retry receives:
	// it decrypts, or loads the resource ResourceID names. Its Header and
	// Body are sent; the status is the stored one. It runs after
	// AuthorizeReplay, outside any transaction. An error answers 500 and
	// goes to OnError. Default: the stored headers and body as they are.
	Restore func(r *http.Request, stored StoredResponse) (StoredResponse, error)
	// Blocking makes a concurrent duplicate wait (up to
	// Claim.LockTimeout) for the first request to finish and then replay
	// it, instead of the default 409 at once (claim.Options.NonBlocking).
	Blocking bool
	// Claim configures the claims: TTL, ReplayHeaders (default
	// Content-Type and Location), MaxOutcomeBytes (the largest response
	// stored), RetryAfter, Isolation. Its NonBlocking field is set from
	// Blocking.
	Claim claim.Options
}

func (o Options) withDefaults() (Options, error) {
	if o.Principal == nil {
		return o, errors.New("idemhttp: Options.Principal is required: it scopes keys to the authenticated tenant")
	}
	if o.Header == "" {
		o.Header = "Idempotency-Key"
	}
	o.Header = http.CanonicalHeaderKey(o.Header)
	if o.Methods == nil {
		o.Methods = []string{http.MethodPost, http.MethodPatch}
	}
	if o.MaxKeyBytes == 0 {
		o.MaxKeyBytes = 255
	}
	if o.MaxBodyBytes == 0 {
		o.MaxBodyBytes = 1 << 20
	}
	if o.Route == nil {
		o.Route = func(r *http.Request) string { return r.Pattern }
	}
	if o.Operation == "" {
		o.Operation = "http"
	}
	if o.OnError == nil {
		o.OnError = logError
	}
	if o.Fingerprint != FingerprintBytes && o.Fingerprint != FingerprintJSON {
		return o, fmt.Errorf("idemhttp: Fingerprint %d is neither FingerprintBytes nor FingerprintJSON", o.Fingerprint)
	}
	o.Claim.NonBlocking = !o.Blocking
	if claimMax := o.Claim.MaxKeyBytes; claimMax == 0 && o.MaxKeyBytes > 255 || claimMax > 0 && o.MaxKeyBytes > claimMax {
		return o, fmt.Errorf("idemhttp: MaxKeyBytes %d exceeds the claim's MaxKeyBytes", o.MaxKeyBytes)
	}
	if o.MaxKeyBytes < 1 || o.MaxBodyBytes < 1 {
		return o, fmt.Errorf("idemhttp: MaxKeyBytes %d and MaxBodyBytes %d must be positive", o.MaxKeyBytes, o.MaxBodyBytes)
	}
	return o, nil
}
