package dataaccess

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// Resource names what an operation touches.
type Resource struct {
	// Table is a normalized table, model or entity name (see
	// normalizeTable), so that "processed_events", ProcessedEvent and
	// "public.processed_events" compare equal.
	Table string
	// Tables lists the tables a wrapper inserts into when they are several
	// (Table is then empty).
	Tables []string
	// Repo is the repository type of a wrapper or name-classified call.
	Repo types.Type
	// Container and Key identify an entry of a map, sync.Map or redis.
	Container Path
	Key       ssa.Value
	// KeyForm is the template of the key when the call passes only the
	// value it is built from (a helper that reads "idem:"+key), with
	// keyHole for Key; "" when Key is the key itself.
	KeyForm string
}

// KeyValue reports whether op checks or writes a key of a key-value store
// or a map: directly (Resource.Key), or through a helper whose every
// check and write does (Summary.KeyValue).
func KeyValue(op *Op) bool {
	return op.Resource.Key != nil || op.Summary != nil && op.Summary.KeyValue
}

// SameResource reports whether two operations touch the same resource. It
// answers false whenever it cannot tell: precision over recall.
func SameResource(a, b Resource) bool {
	switch {
	case a.Table != "" && b.Table != "":
		return a.Table == b.Table
	case a.Table != "" && len(b.Tables) > 0:
		return slices.Contains(b.Tables, a.Table)
	case b.Table != "" && len(a.Tables) > 0:
		return slices.Contains(a.Tables, b.Table)
	case a.Key != nil && b.Key != nil:
		sameStore := a.Container.Equal(b.Container) || isRedisPath(a.Container) && isRedisPath(b.Container) ||
			sameRepoKeys(a, b)
		return sameStore && sameKey(a, b)
	case a.Repo != nil && b.Repo != nil:
		return types.Identical(a.Repo, b.Repo)
	}
	return false
}

// sameRepoKeys reports whether two keyed calls go through one
// repository whose store the call site cannot see (a module's Cache
// interface, its Get and Set keyed by the caller): the repository is the
// store.
func sameRepoKeys(a, b Resource) bool {
	return !a.Container.Valid() && !b.Container.Valid() && a.Repo != nil && b.Repo != nil && types.Identical(a.Repo, b.Repo)
}

// isRedisPath reports whether a path reaches a redis client: its base, or
// a field on the way to what it names (q.rdb.cmdable, where go-redis's
// Client runs its commands through an embedded field), has a type of a
// redis package. A client and the pipeline it opens are one store.
func isRedisPath(p Path) bool {
	if !p.Valid() {
		return false
	}
	return slices.ContainsFunc(p.types(), isRedisType)
}

// isRedisType reports whether t is a type of a redis package (a client, a
// pipeline), or a pointer to one.
func isRedisType(t types.Type) bool {
	n := ssautil.NamedOf(t)
	return n != nil && n.Obj().Pkg() != nil && strings.Contains(n.Obj().Pkg().Path(), "redis")
}

// SameValue reports whether two SSA values compute the same key: the same
// value, equal constants, equal paths, or the same pure operation (string
// concatenation, fmt.Sprintf, conversion) of equal operands.
func SameValue(a, b ssa.Value) bool {
	return sameValue(a, b, 8)
}

func sameValue(a, b ssa.Value, depth int) bool {
	if a == b {
		return true
	}
	if depth == 0 || a == nil || b == nil {
		return false
	}
	a, b = Unwrap(a), Unwrap(b)
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *ssa.Const:
		y, ok := b.(*ssa.Const)
		return ok && x.Value != nil && y.Value != nil && constant.Compare(x.Value, token.EQL, y.Value)
	case *ssa.BinOp:
		y, ok := b.(*ssa.BinOp)
		return ok && x.Op == y.Op && sameValue(x.X, y.X, depth-1) && sameValue(x.Y, y.Y, depth-1)
	case *ssa.Call:
		y, ok := b.(*ssa.Call)
		if !ok || x.Call.StaticCallee() == nil || x.Call.StaticCallee() != y.Call.StaticCallee() {
			return false
		}
		if f := x.Call.StaticCallee(); !isPureKeyFunc(f) && !(isKeyBuilder(f) && !allConst(x.Call.Args)) {
			return false
		}
		return sameArgs(x.Call.Args, y.Call.Args, depth-1)
	case *ssa.Slice:
		// The variadic ...any of fmt.Sprintf: compare stored elements.
		y, ok := b.(*ssa.Slice)
		if !ok {
			return false
		}
		return sameArgs(variadicElems(x), variadicElems(y), depth-1)
	}
	pa, pb := rootPath(a), rootPath(b)
	return pa.Valid() && pa.Equal(pb) && pa.Base != a
}

func sameArgs(xs, ys []ssa.Value, depth int) bool {
	if len(xs) != len(ys) || xs == nil {
		return false
	}
	for i := range xs {
		if !sameValue(xs[i], ys[i], depth) {
			return false
		}
	}
	return true
}

// isPureKeyFunc reports whether a function builds keys without side
// effects, so two calls with equal arguments give equal keys.
func isPureKeyFunc(f *ssa.Function) bool {
	obj, ok := f.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return f.Pkg != nil // a same-package helper: assume a key builder
	}
	switch obj.Pkg().Path() {
	case "fmt":
		return obj.Name() == "Sprintf" || obj.Name() == "Sprint"
	case "strings":
		return obj.Name() == "Join" || obj.Name() == "ToLower" || obj.Name() == "ToUpper"
	case "strconv":
		return strings.HasPrefix(obj.Name(), "Itoa") || strings.HasPrefix(obj.Name(), "Format")
	}
	return false
}

// isKeyBuilder reports whether f is shaped like a key builder: scalars
// in, one string out (MailResendCacheKey(userID int64) string,
// orderKey(tenant, id string) string), or a method of a store of the
// module's that is (s.destinationKey(tenant, id string) string: its
// prefix may come from the store, the same for calls on one store). Two
// calls with the same values give the same key unless the helper draws
// something fresh (randomToken(32)), which the caller tells apart: a key
// built from constants alone is not compared.
func isKeyBuilder(f *ssa.Function) bool {
	obj, ok := f.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return false
	}
	sig := f.Signature
	if sig.Recv() != nil && f.Pkg == nil || sig.Params().Len() == 0 || sig.Results().Len() != 1 || !ssautil.IsBasicKind(sig.Results().At(0).Type(), types.IsString) {
		return false
	}
	for i := range sig.Params().Len() {
		if !ssautil.IsBasicKind(sig.Params().At(i).Type(), types.IsString|types.IsInteger) {
			return false
		}
	}
	return true
}

func allConst(args []ssa.Value) bool {
	for _, a := range args {
		if _, ok := Unwrap(a).(*ssa.Const); !ok {
			return false
		}
	}
	return true
}

// Unwrap strips the conversions that do not change a value: interface
// boxing, named-type changes and numeric or string conversions, and the
// result slot a function with a defer returns through
// (ssautil.StoredResult).
func Unwrap(v ssa.Value) ssa.Value {
	for {
		if stored := ssautil.StoredResult(v); stored != v {
			v = stored // a result slot reloaded after the deferred calls ran
			continue
		}
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			return v
		}
	}
}

// variadicElems returns the values stored into the backing array of a
// variadic argument slice, in order, or nil when they cannot be seen.
func variadicElems(v ssa.Value) []ssa.Value {
	s, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	alloc, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var elems []ssa.Value
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, r := range *ia.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == ia {
				elems = append(elems, st.Val)
			}
		}
	}
	return elems
}

// normalizeTable folds a table, model or entity name to one spelling:
// lower case, no schema, no underscores, singular.
func normalizeTable(name string) string {
	t := strings.ToLower(strings.Trim(name, `"`+"`"))
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		t = t[i+1:]
	}
	t = strings.ReplaceAll(t, "_", "")
	switch {
	case strings.HasSuffix(t, "ies") && len(t) > 4:
		t = t[:len(t)-3] + "y"
	case strings.HasSuffix(t, "sses"), strings.HasSuffix(t, "xes"):
		t = t[:len(t)-2]
	case strings.HasSuffix(t, "s") && !strings.HasSuffix(t, "ss") && len(t) > 2:
		t = t[:len(t)-1]
	}
	return t
}

// TableOfModel returns the normalized table name of a model type, as an
// ORM call on a value of it names its table.
func TableOfModel(n *types.Named) string { return normalizeTable(n.Obj().Name()) }

// modelName returns the normalized name of the struct type a gorm or bun
// call takes as its model (&order, &[]Order{}, new(Order)), or "".
func modelName(v ssa.Value) string {
	if elems := variadicElems(v); len(elems) > 0 {
		v = elems[0] // xorm's Insert(&order), go-pg's Model(&order): variadic models
	}
	n := ssautil.ElemNamed(Unwrap(v).Type())
	if n == nil {
		return ""
	}
	if _, isStruct := n.Underlying().(*types.Struct); !isStruct || n.Obj().Pkg() == nil {
		return ""
	}
	if path := n.Obj().Pkg().Path(); path == "context" || path == "database/sql" || path == "time" || apis.KnownPackage(path) {
		return ""
	}
	return normalizeTable(n.Obj().Name())
}

// VariadicElems is variadicElems for the checks: the values passed as the
// elements of a variadic argument, when they can be seen.
func VariadicElems(v ssa.Value) []ssa.Value { return variadicElems(v) }

// CountedResources returns the tables a SELECT counts in subqueries of its
// output list, beside the row it reads (sqlclass.Statement.Counts), or nil.
func (op *Op) CountedResources() []Resource {
	if op.SQL == nil || op.SQL.Counts == "" {
		return nil
	}
	var out []Resource
	for _, t := range strings.Split(op.SQL.Counts, ",") {
		out = append(out, Resource{Table: normalizeTable(t)})
	}
	return out
}
