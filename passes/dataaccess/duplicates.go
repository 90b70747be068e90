package dataaccess

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// AnswersOtherKeys reports whether a conditional insert (ON CONFLICT on
// one target) is followed by a test for a unique violation, or is a call
// of a helper whose every such insert is: the violation of another unique
// key of the table is expected and answered where the insert runs.
func AnswersOtherKeys(op *Op) bool {
	if op.Summary != nil {
		return op.Summary.OtherKeysAnswered
	}
	return op.Kind.IsAtomicInsert() && len(duplicateTests(op.Instr, "")) > 0
}

// duplicateTests returns the values, in the code of write's function that
// can run after it, that test for a unique violation: a comparison of an
// error code with 23505 (or pgerrcode's UniqueViolation, lib/pq's
// "unique_violation"), of gorm.ErrDuplicatedKey, sqlite3's
// ErrConstraintUnique, MySQL's 1062, MongoDB's 11000 or a "duplicate key"
// message; a gRPC or Connect status code compared with AlreadyExists; a
// helper named for unique violations or existing objects
// (mongo.IsDuplicateKeyError, the Kubernetes API's errors.IsAlreadyExists);
// DynamoDB's ConditionalCheckFailedException matched with errors.As; the
// write's own error compared with a package-level error named for a taken
// key (ErrDuplicateEmail, ErrNameTaken), or, after a call of the library
// itself, for a row already there (ErrAlreadyExists); and any error
// compared with handedOn, the sentinel the write's callee maps its
// violation to. After a call of the store, its ErrAlreadyExists does not
// count by name: it may return it from a check of its own (hatchet's CreateTenantInvite), which
// races the same way; a store that maps its unique violation to it says so
// in its summary. Only code reachable from the write counts: returning
// ErrDuplicate when a check finds the row does not handle the write's
// violation; nor does code that runs only once the write succeeded (the
// test of a second insert, after `if err != nil { return err }`). A nil
// value stands for a test whose branch cannot be found.
func duplicateTests(write ssa.Instruction, handedOn string) []ssa.Value {
	var tests []ssa.Value
	succeeded := successArms(write)
	for instr := range ssautil.After(write) {
		if onlyAfterSuccess(instr, succeeded) {
			continue
		}
		if call, ok := instr.(*ssa.Call); ok {
			if callee := call.Call.StaticCallee(); callee != nil {
				if f, ok := callee.Object().(*types.Func); ok && (NamesDuplicateTest(f.Name()) || wrapsDuplicateHelper(callee)) {
					tests = append(tests, call)
					continue
				}
			}
			if isDuplicateErrorAs(&call.Call) {
				tests = append(tests, call)
				continue
			}
		}
		if comparesWithDuplicateError(instr, write) || comparesWith(instr, handedOn) {
			tests = append(tests, instr.(ssa.Value))
			continue
		}
		for _, op := range instr.Operands(nil) {
			if op == nil {
				continue
			}
			switch v := (*op).(type) {
			case *ssa.Const:
				if isDuplicateConst(v) {
					tests = append(tests, testOf(instr))
				}
			case *ssa.Global:
				if isDuplicateSentinel(v.Name()) {
					tests = append(tests, testOf(instr))
				}
			}
		}
	}
	return tests
}

// testOf returns the boolean test instr is or feeds: the comparison or
// call itself, or what compares a loaded driver sentinel
// (errors.Is(err, gorm.ErrDuplicatedKey), err == sqlite3.ErrConstraintUnique);
// nil when there is none.
func testOf(instr ssa.Instruction) ssa.Value {
	v, ok := instr.(ssa.Value)
	if !ok {
		return nil
	}
	if ssautil.IsBool(v.Type()) {
		return v
	}
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if t, ok := r.(ssa.Value); ok && ssautil.IsBool(t.Type()) {
				return t
			}
		}
	}
	return nil
}

// isDuplicateSentinel reports whether a package-level error names a
// unique violation reported by a driver or ORM (gorm.ErrDuplicatedKey,
// sqlite3.ErrConstraintUnique); an application's own ErrDuplicate, which
// code returns when the check finds a row, is not one.
func isDuplicateSentinel(name string) bool {
	return name == "ErrDuplicatedKey" || strings.Contains(name, "UniqueViolation") || strings.Contains(name, "ConstraintUnique")
}

// isDuplicateErrorAs reports whether c is errors.As(err, &target) with a
// target whose type is a store's duplicate error: DynamoDB's
// ConditionalCheckFailedException, what a write conditioned on
// attribute_not_exists reports when the item is there.
func isDuplicateErrorAs(c *ssa.CallCommon) bool {
	callee := c.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "errors" || callee.Name() != "As" || len(c.Args) != 2 {
		return false
	}
	t := Unwrap(c.Args[1]).Type()
	for range 2 {
		if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && (strings.Contains(n.Obj().Name(), "ConditionalCheckFailed") || NamesDuplicateTest(n.Obj().Name()))
}

// NamesDuplicateTest reports whether a function's or a type's name says it
// tests an error for a unique violation (IsDuplicateKeyError,
// IsUniqueViolation, IsAlreadyExists).
func NamesDuplicateTest(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "uniqueviolation") || strings.Contains(n, "duplicate") ||
		strings.Contains(n, "isunique") || strings.Contains(n, "constraint") || // ent.IsConstraintError
		strings.Contains(n, "alreadyexists") // the Kubernetes API's errors.IsAlreadyExists
}

// wrapsDuplicateHelper reports whether fn, a predicate of the module's
// named for something else, only hands its error to one named for unique
// violations: blnk's isReferenceAlreadyUsedError(err) returns
// IsDuplicateReferenceError(err).
func wrapsDuplicateHelper(fn *ssa.Function) bool {
	if fn.Signature.Results().Len() != 1 || !ssautil.IsBool(fn.Signature.Results().At(0).Type()) || len(fn.Blocks) == 0 {
		return false
	}
	returns := 0
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		returns++
		call, ok := ret.Results[0].(*ssa.Call)
		if !ok {
			return false
		}
		f := callee(&call.Call)
		if f == nil || !NamesDuplicateTest(f.Name()) {
			return false
		}
	}
	return returns > 0
}

func isDuplicateConst(k *ssa.Const) bool {
	if k.Value == nil {
		return false
	}
	switch k.Value.Kind() {
	case constant.String:
		s := strings.ToLower(constant.StringVal(k.Value))
		return s == "23505" || s == "unique_violation" || strings.Contains(s, "duplicate key") || strings.Contains(s, "e11000") ||
			strings.Contains(s, "unique constraint") || strings.Contains(s, "duplicate entry")
	case constant.Int:
		n, ok := constant.Int64Val(k.Value)
		return ok && (n == 1062 || n == 11000) || // MySQL ER_DUP_ENTRY, MongoDB's duplicate key
			IsStatusCode(k, AlreadyExistsCode)
	}
	return false
}

// NotFoundCode and AlreadyExistsCode are the gRPC and Connect status codes
// a server returns for a missing and for an existing entity.
const (
	NotFoundCode      = 5
	AlreadyExistsCode = 6
)

// IsStatusCode reports whether k is the status code code, as gRPC's
// codes.Code or Connect's connect.Code.
func IsStatusCode(k *ssa.Const, code int64) bool {
	n, ok := types.Unalias(k.Type()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Name() != "Code" || k.Value == nil || k.Value.Kind() != constant.Int {
		return false
	}
	switch n.Obj().Pkg().Path() {
	case "google.golang.org/grpc/codes", "connectrpc.com/connect", "github.com/bufbuild/connect-go":
		v, exact := constant.Int64Val(k.Value)
		return exact && v == code
	}
	return false
}

// comparesWithDuplicateError reports whether instr compares the error
// write returned with a package-level error named for a taken key
// (errors.Is(err, store.ErrDuplicateEmail), err == ErrNameTaken).
func comparesWithDuplicateError(instr ssa.Instruction, write ssa.Instruction) bool {
	x, g, ok := ComparedWithGlobal(instr)
	return ok && (isTakenKeyError(g.Name()) || libraryWrite(write) && namesExistingRow(g.Name())) && isResultOf(x, write)
}

// libraryWrite reports whether write is a call of a data-access library
// itself: its error comes from the database (through the program's error
// hook, if any), never from a check of the program's own.
func libraryWrite(write ssa.Instruction) bool {
	call, ok := write.(ssa.CallInstruction)
	if !ok {
		return false
	}
	f := callee(call.Common())
	return f != nil && f.Pkg() != nil && apis.KnownPackage(f.Pkg().Path())
}

// namesExistingRow reports whether an error variable's name says the row
// is already there: ErrAlreadyExists, ErrExists. After a library's write it
// can only be the write's unique violation, mapped by a hook (gotosocial's
// bun query hook turns 23505 into db.ErrAlreadyExists).
func namesExistingRow(name string) bool {
	n := strings.ToLower(name)
	return strings.HasPrefix(n, "err") && (strings.Contains(n, "alreadyexist") || n == "errexists")
}

// isTakenKeyError reports whether an error variable's name says a key is
// taken: ErrDuplicate, ErrDuplicateEmail, ErrEmailTaken, ErrNotUnique.
func isTakenKeyError(name string) bool {
	n := strings.ToLower(name)
	return strings.HasPrefix(n, "err") && (strings.Contains(n, "duplicate") || strings.Contains(n, "taken") || strings.Contains(n, "unique"))
}

// NamesDuplicate reports whether an error variable's name, word by word,
// says the thing it looked for exists already: ErrDuplicateDestination,
// ErrAlreadyExists, ErrNameTaken, ErrConflict. Broader than the names
// above, which decide what a write's violation became; a check that
// refuses a hit with one says the store is where the thing lives.
func NamesDuplicate(name string) bool {
	for _, w := range apis.SplitWords(name) {
		switch strings.ToLower(w) {
		case "duplicate", "duplicated", "exists", "exist", "already", "taken", "conflict":
			return true
		}
	}
	return false
}

// isResultOf reports whether v is a result of the call write, directly or
// through the φ-nodes that merge it with other errors.
func isResultOf(v ssa.Value, write ssa.Instruction) bool {
	result, ok := write.(ssa.Value)
	if !ok {
		return false
	}
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		v = Unwrap(v)
		if seen[v] {
			return false
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Extract:
			return x.Tuple == result
		case *ssa.Phi:
			for _, e := range x.Edges {
				if walk(e) {
					return true
				}
			}
			return false
		case *ssa.Call:
			if mapsError(&x.Call) {
				return walk(x.Call.Args[0]) // MapErr(err): the driver's error translated into the store's sentinels
			}
		}
		return v == result
	}
	return walk(v)
}

// mapsError reports whether c calls a function that takes one error and
// returns one: a translation of driver errors into sentinels.
func mapsError(c *ssa.CallCommon) bool {
	fn := c.StaticCallee()
	if fn == nil || c.IsInvoke() || len(c.Args) != 1 {
		return false
	}
	sig := fn.Signature
	return sig.Recv() == nil && sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
		ssautil.IsError(sig.Params().At(0).Type()) && ssautil.IsError(sig.Results().At(0).Type())
}

// armsOfSuccess is where a write's error is tested against nil: the arm
// taken when it is nil, and the one taken when it is not.
type armsOfSuccess struct{ ok, failed *ssa.BasicBlock }

// successArms returns the nil tests of write's own error result (err !=
// nil, err == nil, in an if): the arms on which it succeeded and failed.
// None for a write whose error is not a result of the call (gorm's
// .Error field): then no code is known to run only on success.
func successArms(write ssa.Instruction) []armsOfSuccess {
	call, ok := write.(*ssa.Call)
	if !ok {
		return nil
	}
	var arms []armsOfSuccess
	for _, e := range ssautil.ErrorResults(call) {
		for _, ref := range *e.Referrers() {
			cmp, ok := ref.(*ssa.BinOp)
			if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) || !isNilConst(cmp.X) && !isNilConst(cmp.Y) {
				continue
			}
			for _, use := range *cmp.Referrers() {
				ifi, ok := use.(*ssa.If)
				if !ok {
					continue
				}
				succs := ifi.Block().Succs
				a := armsOfSuccess{ok: succs[1], failed: succs[0]} // err != nil: the true arm failed
				if cmp.Op == token.EQL {
					a.ok, a.failed = a.failed, a.ok
				}
				arms = append(arms, a)
			}
		}
	}
	return arms
}

// RunsOnlyAfterSuccess reports whether instr runs only once the call
// write returned a nil error (err != nil tested, instr on the nil arm):
// the code after a transaction runner that committed.
func RunsOnlyAfterSuccess(write, instr ssa.Instruction) bool {
	return onlyAfterSuccess(instr, successArms(write))
}

// onlyAfterSuccess reports whether instr runs only on an arm where the
// write succeeded: that arm leads to it and the failed arm never does.
func onlyAfterSuccess(instr ssa.Instruction, arms []armsOfSuccess) bool {
	for _, a := range arms {
		if len(a.ok.Preds) == 1 && a.ok.Dominates(instr.Block()) && !ssautil.BlockReaches(a.failed, instr) {
			return true
		}
	}
	return false
}
