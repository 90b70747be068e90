package checkthenact

import (
	"go/constant"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// ignoredLock reports whether a gorm v2 read asks for a row lock the way
// gorm v1 did, Set("gorm:query_option", "FOR UPDATE"): gorm v2 keeps the
// setting but never adds it to the SQL, so the row is not locked and the
// gate is not serialised (one-api's redemption codes). The message says
// so, lest the reader trust the lock.
func ignoredLock(read *dataaccess.Op) bool {
	call := read.Call()
	for range 16 {
		if call == nil || len(call.Args) == 0 {
			return false
		}
		f := call.StaticCallee()
		if f == nil || f.Pkg == nil || f.Pkg.Pkg.Path() != "gorm.io/gorm" || f.Signature.Recv() == nil {
			return false
		}
		if f.Name() == "Set" && len(call.Args) == 3 {
			if k, ok := call.Args[1].(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String && constant.StringVal(k.Value) == "gorm:query_option" {
				text, _ := dataaccess.SQLText(call.Args[2])
				return strings.Contains(strings.ToUpper(text), "FOR UPDATE")
			}
		}
		next, ok := call.Args[0].(*ssa.Call)
		if !ok {
			return false
		}
		call = &next.Call
	}
	return false
}
