// Package keyscope defines an Analyzer that reports idempotency keys
// looked up, constrained or claimed without the owner the code has in
// scope.
//
// # Analyzer keyscope
//
// keyscope: report idempotency keys looked up, constrained or claimed without their owner
//
// An idempotency key is chosen by the client, so two clients can send the
// same one: by chance, by a shared library that derives keys from an order
// number, or on purpose. When the server stores and finds keys by the key
// alone, merchant B's request with merchant A's key gets A's stored
// response (a data leak) and B's payment is never made (a lost payment).
// Keys must be scoped by their owner: UNIQUE (merchant_id,
// idempotency_key), WHERE merchant_id = $1 AND idempotency_key = $2.
//
// The check knows an owner by its name: a parameter, a receiver field, a
// parameter's field or a local whose name says merchant, account, tenant,
// user, customer, org, workspace, project, principal or owner, with an id
// (merchantID, req.TenantID, s.accountID, tenant string, user *User), or a
// call of an auth helper that reads one from the request context
// (types.GetTenantID(ctx), auth.UserFromContext(ctx), tenantOf(r)). It reports, in a
// function with an owner in scope:
//
//   - a SELECT whose WHERE clause finds an idempotency-key row
//     (idempotency_keys.key, payments.idempotency_key) with no owner
//     column beside the key;
//   - a call of a function (in any package, through facts) that does such
//     a lookup with no owner in its own scope: the repository's
//     GetByIdempotencyKey(ctx, key) called from the handler that has the
//     merchant;
//   - a call through an interface that offers the same lookup of a key
//     with an owner beside it (Response(ctx, key) where ResponseFor(ctx,
//     tenantID, key) exists);
//   - a runtime claim.Key whose Scope is a constant or missing;
//   - a go-redis key built from the idempotency key alone ("idem:"+key,
//     fmt.Sprintf("idem:%s", r.Header.Get("Idempotency-Key"))).
//
// It also reports a UNIQUE or PRIMARY KEY constraint or a unique index on
// an idempotency-key column without an owner column, in a table that has
// one, in the package's SQL strings and in the .sql files it embeds
// (migrations).
//
// With no owner in scope it still reports a lookup through such an
// interface of the key read from the request's Idempotency-Key header (a
// replay middleware that runs before the handler loads the merchant): the
// scoped twin says the store keeps keys per owner, and the request has
// one.
//
// It is silent when the owner is part of the lookup, the key or the
// constraint; when no owner is in scope (single-tenant code, a table that
// records no owner) and nothing says the keys have one; when the key is one the server minted (uuid.New and
// the other mints idemvet knows), unique on its own; and when a redis key
// has any other variable part, which may be the owner under another name.
//
// WRONG:
//
//	func (s *Server) CreatePayment(ctx context.Context, merchantID, key string) error {
//		row := s.db.QueryRowContext(ctx,
//			`SELECT response FROM idempotency_keys WHERE key = $1`, key)
//		...
//	}
//
// RIGHT:
//
//	func (s *Server) CreatePayment(ctx context.Context, merchantID, key string) error {
//		row := s.db.QueryRowContext(ctx,
//			`SELECT response FROM idempotency_keys WHERE merchant_id = $1 AND key = $2`, merchantID, key)
//		...
//	}
//
// github.com/idemvet/idemvet/runtime/claim requires a scope in every
// claim.Key{Scope, Operation, Key} and stores keys under (scope,
// operation, key): set Scope to the owner.
package keyscope

import (
	_ "embed"

	"github.com/idemvet/idemvet/internal/analysisdoc"
)

//go:embed doc.go
var docSource string

// Doc is the analyzer's documentation: the "Analyzer keyscope" section of
// the package comment above, which is also what go doc shows.
var Doc = analysisdoc.MustExtract(docSource, "keyscope")
