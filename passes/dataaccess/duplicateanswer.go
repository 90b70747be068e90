package dataaccess

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// DuplicateAnswer is what the code after a write makes of the write's
// unique violation.
type DuplicateAnswer struct {
	// Answered is set when the violation is tested and answered as the
	// duplicate outcome: nothing returned (nil, the existing row), or an
	// answer of its own (an HTTP status, an error built there).
	Answered bool
	// Sentinel is the package-level error ("path.Name") the violation
	// leaves this function as, when it is not answered here: mapped to
	// ErrDuplicate, or handed on from a callee that did. It is handled
	// only where some caller tests it.
	Sentinel string
}

// AnswerDuplicate tells what the code of write's function that runs after
// it makes of the write's unique violation (see duplicateTests). handedOn
// is the sentinel the write's callee already turned the violation into,
// or "" for a write whose error is the driver's. A test whose branch
// cannot be found counts as an answer. Untested, a handed-on sentinel
// leaves with the function's error, or is dropped when the function
// returns another (logged, the caller told success); a function with no
// error result (a handler answering every error with a 500) handles
// nothing.
func AnswerDuplicate(write ssa.Instruction, handedOn string) DuplicateAnswer {
	tests := duplicateTests(write, handedOn)
	if len(tests) == 0 {
		switch {
		case handedOn == "":
			return DuplicateAnswer{}
		case returnsErrorOf(write):
			return DuplicateAnswer{Sentinel: handedOn}
		case returnsError(write.Parent()):
			return DuplicateAnswer{Answered: true}
		}
		return DuplicateAnswer{}
	}
	var out DuplicateAnswer
	for _, t := range tests {
		arms := duplicateArms(t)
		if len(arms) == 0 {
			return DuplicateAnswer{Answered: true}
		}
		for _, arm := range arms {
			answered, sentinel := armAnswer(arm, write, handedOn)
			if answered {
				return DuplicateAnswer{Answered: true}
			}
			if out.Sentinel == "" {
				out.Sentinel = sentinel
			}
		}
	}
	return out
}

// duplicateArms returns the blocks entered when the test t says "unique
// violation": the true arm of an If on it, the false arm of an If on its
// negation or on a != comparison.
func duplicateArms(t ssa.Value) []*ssa.BasicBlock {
	if t == nil || t.Referrers() == nil {
		return nil
	}
	truth := 0
	if b, ok := t.(*ssa.BinOp); ok && b.Op == token.NEQ {
		truth = 1
	}
	var arms []*ssa.BasicBlock
	for _, r := range *t.Referrers() {
		switch r := r.(type) {
		case *ssa.If:
			arms = append(arms, r.Block().Succs[truth])
		case *ssa.UnOp:
			if r.Op == token.NOT && r.Referrers() != nil {
				for _, rr := range *r.Referrers() {
					if br, ok := rr.(*ssa.If); ok {
						arms = append(arms, br.Block().Succs[1-truth])
					}
				}
			}
		}
	}
	return arms
}

// armAnswer classifies the returns the arm leads to: an arm that returns
// no error, or one of its own making, answers the duplicate; one that
// returns a package-level error maps it to that sentinel; one that returns
// the write's own error hands handedOn on. An arm that returns nowhere of
// its own (it falls through to the common return), or that other paths
// enter too (a loop's next iteration after `!errors.Is(err, ErrX)`), is
// taken as an answer: the duplicate is skipped.
func armAnswer(arm *ssa.BasicBlock, write ssa.Instruction, handedOn string) (answered bool, sentinel string) {
	fn := arm.Parent()
	if !returnsError(fn) || len(arm.Preds) > 1 {
		return true, ""
	}
	returned := false
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || !arm.Dominates(b) {
			continue
		}
		returned = true
		v := Unwrap(ret.Results[len(ret.Results)-1])
		switch {
		case carriesErrorOf(v, write):
			if handedOn == "" {
				return false, "" // the driver's error, raw
			}
			sentinel = handedOn
		case SentinelIn(v) != "":
			sentinel = SentinelIn(v)
		}
	}
	if !returned || sentinel == "" {
		return true, "" // nil, an answer built here, or the common return
	}
	return false, sentinel
}

// returnsError reports whether fn's last result is an error.
func returnsError(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	return res.Len() > 0 && ssautil.IsError(res.At(res.Len()-1).Type())
}

// SentinelIn returns the package-level error v is, or wraps
// (fmt.Errorf("...: %w", ErrDuplicate), errors.Wrap(ErrDuplicate, ...)),
// as "path.Name"; or "".
func SentinelIn(v ssa.Value) string {
	if g, ok := LoadedGlobal(v); ok {
		return GlobalName(g)
	}
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.IsInvoke() {
		return ""
	}
	for _, a := range callArgs(call) {
		if g, ok := LoadedGlobal(a); ok && isErrorValue(g.Type().(*types.Pointer).Elem()) {
			return GlobalName(g)
		}
	}
	return ""
}

// isErrorValue reports whether a package-level variable of type t is an
// error: declared as one, or of a concrete type with an Error method (var
// ErrCodeExists = &ApiError{Code: 409}, which a stacktrace.Propagate or
// errors.Wrap hands on like any other sentinel).
func isErrorValue(t types.Type) bool {
	errorIface := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	return ssautil.IsError(t) || types.Implements(t, errorIface)
}

// callArgs returns a call's arguments, with a variadic slice's elements
// in its place.
func callArgs(call *ssa.Call) []ssa.Value {
	return spreadArgs(call.Call.Args)
}

// spreadArgs returns args with a variadic slice's elements in its place.
func spreadArgs(args []ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, a := range args {
		if elems := variadicElems(a); elems != nil {
			out = append(out, elems...)
		} else {
			out = append(out, a)
		}
	}
	return out
}

// GlobalName names a package-level variable as "path.Name", the form a
// Summary carries across packages.
func GlobalName(g *ssa.Global) string {
	if g.Pkg == nil {
		return g.Name()
	}
	return g.Pkg.Pkg.Path() + "." + g.Name()
}

// carriesErrorOf reports whether v is the error write returned, or wraps
// it (fmt.Errorf("create: %w", err)).
func carriesErrorOf(v ssa.Value, write ssa.Instruction) bool {
	if isResultOf(v, write) {
		return true
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	for _, a := range callArgs(call) {
		if isResultOf(a, write) {
			return true
		}
	}
	return false
}

// returnsErrorOf reports whether some return of write's function carries
// the error write returned.
func returnsErrorOf(write ssa.Instruction) bool {
	for instr := range ssautil.After(write) {
		if ret, ok := instr.(*ssa.Return); ok && len(ret.Results) > 0 &&
			carriesErrorOf(Unwrap(ret.Results[len(ret.Results)-1]), write) {
			return true
		}
	}
	return false
}

// comparesWith reports whether instr compares an error with the
// package-level error named sentinel: errors.Is(err, ErrDuplicate),
// err == ErrDuplicate, or a case of a switch on the error.
func comparesWith(instr ssa.Instruction, sentinel string) bool {
	_, g, ok := ComparedWithGlobal(instr)
	return ok && sentinel != "" && GlobalName(g) == sentinel
}

// DuplicateArms returns the blocks of write's function entered when its
// error says "unique violation" (see duplicateTests): where a caller of
// write learns that another caller got there first.
func DuplicateArms(write ssa.Instruction) []*ssa.BasicBlock {
	var arms []*ssa.BasicBlock
	for _, t := range duplicateTests(write, "") {
		arms = append(arms, duplicateArms(t)...)
	}
	return arms
}
