package keyscope

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// checkRedisKeys reports a go-redis key built from an idempotency key
// alone ("idem:"+key, fmt.Sprintf("idem:%s", key), or the key itself) in
// a function that has an owner in scope.
func checkRedisKeys(pass *analysis.Pass, model *dataaccess.Result, owners *owners) {
	for _, op := range model.Ops {
		if op.Resource.Key == nil || op.Callee == nil || op.Callee.Pkg() == nil || !apis.IsRedis(op.Callee.Pkg().Path()) {
			continue
		}
		key, ok := keyAlone(op.Resource.Key)
		if !ok {
			continue
		}
		w := owners.ofFunc(op.Fn)
		if w == nil {
			continue
		}
		pass.Report(analysis.Diagnostic{
			Pos: op.Pos(),
			Message: fmt.Sprintf("redis key built from the idempotency key (%s) alone while %s is in scope: another %s reusing the key gets this one's stored result (put the %s in the key; %s)",
				key, w.name, w.word, w.word, fixHint),
			URL: apis.RuntimeClaimURL,
		})
	}
}

// keyAlone reports whether a redis key is built from one idempotency key
// and constants only, and names that key. A key with any other variable
// part may hold the owner under a name the check does not know: silent.
func keyAlone(v ssa.Value) (string, bool) {
	var vars []ssa.Value
	prefixSaysKey := false
	for _, part := range keyParts(v) {
		if c, ok := part.(*ssa.Const); ok {
			if c.Value != nil && c.Value.Kind() == constant.String && mentionsKey(constant.StringVal(c.Value)) {
				prefixSaysKey = true
			}
			continue
		}
		vars = append(vars, part)
	}
	if len(vars) != 1 || minted(vars[0]) {
		return "", false
	}
	if name, ok := keyValue(vars[0]); ok {
		return name, true
	}
	if prefixSaysKey {
		return keyName(vars[0]), true // "idem:" + key
	}
	return "", false
}

// keyParts returns the operands a string is concatenated or formatted
// from: the parts of a + b, the format and arguments of fmt.Sprintf, or
// the value itself.
func keyParts(v ssa.Value) []ssa.Value {
	switch x := v.(type) {
	case *ssa.BinOp:
		if x.Op == token.ADD {
			return append(keyParts(x.X), keyParts(x.Y)...)
		}
	case *ssa.MakeInterface:
		return keyParts(x.X)
	case *ssa.Call:
		if f := dataaccess.Callee(&x.Call); f != nil && f.Pkg() != nil && f.Pkg().Path() == "fmt" && f.Name() == "Sprintf" && len(x.Call.Args) == 2 {
			return append([]ssa.Value{x.Call.Args[0]}, variadicArgs(x.Call.Args[1])...)
		}
	}
	return []ssa.Value{v}
}

// variadicArgs returns the values stored into the slice a variadic call
// builds ([]any{a, b}...), unwrapped from their interfaces.
func variadicArgs(v ssa.Value) []ssa.Value {
	s, ok := v.(*ssa.Slice)
	if !ok {
		return []ssa.Value{v}
	}
	alloc, ok := s.X.(*ssa.Alloc)
	if !ok {
		return []ssa.Value{v}
	}
	var out []ssa.Value
	for _, r := range *alloc.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, st := range *ia.Referrers() {
			if st, ok := st.(*ssa.Store); ok && st.Addr == ia {
				out = append(out, keyParts(st.Val)...)
			}
		}
	}
	return out
}

// keyValue reports whether v is an idempotency key by where it comes
// from: a parameter or field named so, or a call that reads an
// idempotency-key header (r.Header.Get("Idempotency-Key")).
func keyValue(v ssa.Value) (string, bool) {
	switch x := v.(type) {
	case *ssa.Parameter:
		return x.Name(), apis.IsIdempotencyKeyName(x.Name())
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			name := ssautil.FieldName(fa.X.Type(), fa.Field)
			return name, apis.IsIdempotencyKeyName(name)
		}
	case *ssa.Field:
		name := ssautil.FieldName(x.X.Type(), x.Field)
		return name, apis.IsIdempotencyKeyName(name)
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if c, ok := a.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String && apis.IsIdempotencyKeyHeader(constant.StringVal(c.Value)) {
				return "from the " + constant.StringVal(c.Value) + " header", true
			}
		}
	}
	return "", false
}

// keyName names a key value for a message.
func keyName(v ssa.Value) string {
	if name, _ := keyValue(v); name != "" {
		return name
	}
	if p, ok := v.(*ssa.Parameter); ok {
		return p.Name()
	}
	return types.TypeString(v.Type(), nil) + " value"
}
