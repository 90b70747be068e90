package apis

// idemvet's own runtime claim API: diagnostics without a mechanical fix
// point to its documentation, and attemptkey treats its Key arguments as
// idempotency-key sinks.
const (
	RuntimeClaimPkg = "github.com/idemvet/idemvet/runtime/claim"
	RuntimeClaimURL = "https://github.com/idemvet/idemvet/tree/main/runtime/claim"
)
