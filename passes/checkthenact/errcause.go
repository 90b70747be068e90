package checkthenact

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// isErrorCause reports whether call returns the error err wraps, so that
// comparing its result with a not-found sentinel tests err for absence:
// errors.Cause(err) == app.ErrNotFound (github.com/pkg/errors and the
// errors packages modelled on it), errors.Unwrap(err). The function takes
// the error alone and returns an error alone, and its name says it
// unwraps.
func isErrorCause(call *ssa.Call, err ssa.Value) bool {
	callee := call.Call.StaticCallee()
	if callee == nil || len(call.Call.Args) != 1 || call.Call.Args[0] != err || !ssautil.IsError(call.Type()) {
		return false
	}
	switch callee.Name() {
	case "Cause", "Unwrap", "RootCause":
		return true
	}
	return false
}
