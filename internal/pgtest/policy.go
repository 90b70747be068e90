package pgtest

import (
	"os"
	"testing"
)

// EnvDSN names the variable that points the harness at an existing server.
const EnvDSN = "IDEMVET_PG_DSN"

// EnvRequire names the variable that turns "no PostgreSQL" into a failure.
const EnvRequire = "IDEMVET_REQUIRE_PG"

// Required reports whether a missing server must fail the tests rather than
// skip them: in CI a skipped database test would look like a passing one.
func Required() bool {
	return os.Getenv(EnvRequire) == "1" || os.Getenv("CI") == "true"
}

// unavailable ends tb because no server could be provided: it skips locally
// and fails when Required, always with the reason and the way out.
func unavailable(tb testing.TB, reason error) {
	tb.Helper()
	msg := "pgtest: no PostgreSQL server: " + reason.Error() +
		" (run `source .ci/postgres.sh` or set " + EnvDSN + ")"
	if Required() {
		tb.Fatal(msg + "; failing because " + EnvRequire + "=1 or CI=true")
		return
	}
	tb.Skip(msg)
}
