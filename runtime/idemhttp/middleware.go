package idemhttp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Middleware runs each keyed request's handler at most once per
// (principal, key) and replays its response to every retry. It is safe for
// concurrent use; any number of instances (processes) may share a database.
type Middleware struct {
	opts   Options
	claims *claim.Claimer
}

// New returns a Middleware on pool. The claims table must exist: see
// claim.Migrate.
func New(pool *pgxpool.Pool, opts Options) (*Middleware, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	claims, err := claim.New(pool, opts.Claim)
	if err != nil {
		return nil, fmt.Errorf("idemhttp: %w", err)
	}
	return &Middleware{opts: opts, claims: claims}, nil
}

// Claimer is the claims store, for Sweep.
func (m *Middleware) Claimer() *claim.Claimer { return m.claims }

// errNotStored makes claim.Do roll back a response that is sent but not
// stored (a transient status: see isStored).
var errNotStored = errors.New("idemhttp: response not stored")

// errResponseTooLarge rolls back a response over the claim's MaxOutcomeBytes.
var errResponseTooLarge = errors.New("idemhttp: response too large to store")

// admitError is Options.Admit's refusal of a new claim, rolled back.
type admitError struct{ err error }

func (e *admitError) Error() string {
	return "idemhttp: Options.Admit refused the request: " + e.err.Error()
}
func (e *admitError) Unwrap() error { return e.err }

// redactError is Options.Redact's failure, rolled back.
type redactError struct{ err error }

func (e *redactError) Error() string {
	return "idemhttp: Options.Redact failed, nothing was committed: " + e.err.Error()
}
func (e *redactError) Unwrap() error { return e.err }

// Wrap returns next behind the middleware. Its signature is the one chi's
// Use and most routers take. For echo, do not pass it to
// echo.WrapMiddleware, which stores an empty 200 for a handler that returns
// an error: use the adapter in testdata/routers/idemecho (see README.md).
//
// For a request whose method requires a key: 400 for a missing, repeated,
// malformed or too long key; 401 when Principal finds nobody; 413 for a body
// over MaxBodyBytes; then, under a claim on (principal, Operation, key):
//
//   - first request: next runs with the claim's transaction in its context
//     (see Tx), its response is buffered, stored and committed with next's
//     writes, then sent;
//   - retry with the same request after commit: the stored status, body and
//     allow-listed headers, plus Idempotent-Replayed: true; next does not run;
//   - duplicate while the first is running: 409 with Retry-After, at once;
//   - same key, another request: 422.
//
// Options.Admit may refuse a new claim or a replay (429), and
// Options.AuthorizeReplay a replay (403 or 404).
func (m *Middleware) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !slices.Contains(m.opts.Methods, r.Method) {
			next.ServeHTTP(w, r)
			return
		}
		idemKey, keyErr := parseKey(r.Header, m.opts.Header, m.opts.MaxKeyBytes)
		if keyErr != nil {
			writeProblem(w, http.StatusBadRequest, keyErr.typ, keyErr.title, keyErr.detail)
			return
		}
		scope, err := m.opts.Principal(r)
		if err != nil || scope == "" {
			writeProblem(w, http.StatusUnauthorized, ProblemUnauthenticated, "Unauthenticated",
				"an idempotency key is scoped to an authenticated principal")
			return
		}
		var body []byte
		if r.Body != nil { // nil only for a request built by hand
			body, err = io.ReadAll(io.LimitReader(r.Body, m.opts.MaxBodyBytes+1))
		}
		switch {
		case err != nil:
			writeProblem(w, http.StatusBadRequest, "", "Bad Request", "reading the request body failed")
			return
		case int64(len(body)) > m.opts.MaxBodyBytes:
			writeProblem(w, http.StatusRequestEntityTooLarge, ProblemBodyTooLarge, "Request body too large",
				fmt.Sprintf("an idempotent request's body is limited to %d bytes", m.opts.MaxBodyBytes))
			return
		}
		m.serve(w, r, claim.Key{Scope: scope, Operation: m.opts.Operation, Key: idemKey}, body, next)
	})
}

// serve runs next under the claim and answers with the outcome.
func (m *Middleware) serve(w http.ResponseWriter, r *http.Request, key claim.Key, body []byte, next http.Handler) {
	limit := m.claims.Options().MaxOutcomeBytes
	var rec *recorder // the last attempt's response (claim.Do may run next again after a serialization failure)
	admitted := false // Admit is asked once per request, not once per attempt
	res, err := m.claims.Do(r.Context(), key, m.fingerprint(r, body), func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		if !admitted && m.opts.Admit != nil {
			if err := m.opts.Admit(r, false); err != nil {
				return claim.Outcome{}, &admitError{err}
			}
		}
		admitted = true
		rec = newRecorder(limit)
		req := r.WithContext(withTx(ctx, tx))
		req.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(rec, req)
		status := rec.statusOrOK()
		switch {
		case rec.oversized:
			return claim.Outcome{}, errResponseTooLarge
		case !m.isStored(status):
			return claim.Outcome{}, errNotStored
		}
		stored := StoredResponse{Key: key, Status: status, Header: rec.header.Clone(), Body: rec.body.Bytes()}
		if m.opts.Redact != nil {
			redacted, err := m.opts.Redact(req, stored)
			switch {
			case err != nil:
				return claim.Outcome{}, &redactError{err}
			case redacted.Status != status:
				return claim.Outcome{}, &redactError{fmt.Errorf("it changed the status from %d to %d; the stored status must be the one sent", status, redacted.Status)}
			}
			stored = redacted
		}
		return stored.outcome(), nil
	})
	var inProgress *claim.InProgressError
	var keyErr *claim.KeyError
	var refused *admitError
	switch {
	case err == nil && res.Replayed:
		m.replay(w, r, storedFrom(key, res.Outcome))
	case err == nil, errors.Is(err, errNotStored):
		rec.send(w)
	case errors.As(err, &refused):
		writeRateLimited(w)
	case errors.As(err, &inProgress):
		w.Header().Set("Retry-After", inProgress.RetryAfter())
		writeProblem(w, http.StatusConflict, ProblemKeyInUse, "Request in progress",
			"a request with this idempotency key is being processed; retry after the delay in Retry-After")
	case errors.Is(err, claim.ErrFingerprintMismatch):
		writeProblem(w, http.StatusUnprocessableEntity, ProblemKeyReused, "Idempotency key reused",
			"this idempotency key was used with a different request")
	case errors.As(err, &keyErr) && keyErr.Field == "scope":
		// Principal returned something the claim cannot store: our fault.
		m.serverError(w, r, fmt.Errorf("idemhttp: Options.Principal returned a scope the claim refuses: %w", err),
			http.StatusInternalServerError, "", "Internal Server Error", "the principal cannot scope a key")
	case errors.Is(err, claim.ErrInvalidKey):
		writeProblem(w, http.StatusBadRequest, ProblemKeyMalformed, "Idempotency key malformed", err.Error())
	case errors.Is(err, errResponseTooLarge), errors.Is(err, claim.ErrOutcomeTooLarge):
		m.serverError(w, r, fmt.Errorf("%w (Claim.MaxOutcomeBytes is %d)", err, limit),
			http.StatusInternalServerError, ProblemResponseTooLarge, "Response too large to store",
			"the response exceeds the stored size limit; nothing was committed")
	default:
		// A database failure (the claims table missing: Migrate was not
		// run), retries exhausted, a Redact failure, or the client went
		// away: nothing was committed, so the client may retry.
		status, ok := claim.HTTPStatus(err)
		if !ok {
			status = http.StatusInternalServerError
		}
		m.serverError(w, r, err, status, "", http.StatusText(status), "the request was not processed; it is safe to retry")
	}
}
