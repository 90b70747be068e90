// Package idemhttp is net/http middleware for the Idempotency-Key header
// (IETF httpapi draft, and what Stripe does), on the claim package.
//
// A POST or PATCH must carry a key. The middleware claims (principal, key)
// in a PostgreSQL transaction, runs the handler with that transaction in
// its context (Tx), buffers the response, stores it in the same transaction
// and commits, then sends it: the handler's writes and the stored response
// commit together or not at all. A retry with the same key and the same
// request gets the stored response with Idempotent-Replayed: true, and the
// handler does not run again.
//
// Answers of its own, as application/problem+json (RFC 9457):
//
//	400  key missing, sent twice, malformed, or longer than MaxKeyBytes
//	401  Principal found no authenticated principal
//	409  a request with the key is running (Retry-After), answered at once:
//	     the duplicate does not wait for it, and its connection goes back to
//	     the pool after one round trip (claim's non-blocking mode)
//	413  body over MaxBodyBytes; the handler did not run
//	422  the key was used with a different request (fingerprint: method,
//	     route, path, query, selected headers, body as bytes or, with
//	     FingerprintJSON, as JSON meaning)
//	429  Options.Admit refused the request (never stored)
//	403  Options.AuthorizeReplay refused a replay (404 for ErrReplayNotFound)
//	500  the middleware failed (the claims table missing: run claim.Migrate);
//	     the cause goes to Options.OnError, by default slog
//
// A transient answer from the handler (408, 425, 429, and a 5xx unless
// Store5xx is set) is sent but not stored: its transaction, with the
// handler's writes, rolls back and the client's retry executes again. A
// panic rolls back too and propagates to your recovery middleware.
//
// What is stored can be reduced (Options.Redact, with Options.Restore to
// rebuild a replay; BodyCipher encrypts stored bodies); see the README for
// what each field of the claims table keeps and for how long.
//
// Keys are scoped by the principal that Options.Principal returns; there is
// no default, so that no configuration mixes tenants. Retention is the
// claim package's: records live at least Claim.TTL, until Sweep deletes
// them; after that a key executes again.
package idemhttp
