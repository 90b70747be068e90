package apis

import "strings"

// idemvet's own runtime claim API: diagnostics without a mechanical fix
// point to its documentation, and attemptkey treats its Key arguments as
// idempotency-key sinks.
const (
	RuntimeClaimPkg = "github.com/idemvet/idemvet/runtime/claim"
	RuntimeClaimURL = "https://github.com/idemvet/idemvet/tree/main/runtime/claim"
)

// idemvet's runtime for external effects (a payment provider, an e-mail
// API, a broker), which cannot share the database transaction: a PENDING
// record committed before the call, one downstream key derived per
// operation and reused on every attempt, reconciliation before any second
// call. Diagnostics whose duplicated act is such an effect point here.
const (
	RuntimeEffectPkg = "github.com/idemvet/idemvet/runtime/effect"
	RuntimeEffectURL = "https://github.com/idemvet/idemvet/tree/main/runtime/effect"
)

// idemvet's Idempotency-Key HTTP middleware: Middleware.Wrap runs the
// handler inside a claim's transaction, which idemhttp.Tx returns.
const (
	RuntimeHTTPPkg = "github.com/idemvet/idemvet/runtime/idemhttp"
	RuntimeHTTPURL = "https://github.com/idemvet/idemvet/tree/main/runtime/idemhttp"
)

// IsRuntimePackage reports whether pkg is one of idemvet's own runtime
// packages (runtime/claim, runtime/inbox and its adapters, runtime/effect,
// runtime/idemhttp): a call into one claims before it writes, so what it
// writes is the dedup record the checks ask for, not a write they guard.
func IsRuntimePackage(pkg string) bool {
	return strings.HasPrefix(pkg, "github.com/idemvet/idemvet/runtime/")
}
