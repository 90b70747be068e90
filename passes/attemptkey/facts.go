package attemptkey

import (
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/passutil"
)

// RetryHelper is the fact exported for a function that calls one of its
// func parameters once per attempt: in a retry loop, or by handing it to
// another retry helper. Code passed there runs again after every failure.
type RetryHelper struct {
	// FuncParam is the index of the retried func parameter, receiver
	// excluded.
	FuncParam int
}

func (*RetryHelper) AFact() {}

func (h *RetryHelper) String() string { return fmt.Sprintf("retries param %d", h.FuncParam) }

// KeyFunc is the fact exported for a function that matters to key flow,
// so that calls from other packages are understood.
type KeyFunc struct {
	// Mints is set when the function returns a freshly minted value
	// (func newKey() string { return uuid.NewString() }): a key source.
	Mints bool
	// MintsIntoSink is set when every call mints a value and sends it to
	// an idempotency-key sink: calling it once per attempt mints a key
	// per attempt.
	MintsIntoSink bool
	// KeyParams are the parameters (receiver excluded) whose value
	// reaches an idempotency-key sink; DedupParams those whose value
	// reaches a deduplication key (a superset: processed sets as well).
	KeyParams   []int
	DedupParams []int
	// Passes are the parameters whose value flows into the result.
	Passes []int
}

func (*KeyFunc) AFact() {}

func (k *KeyFunc) String() string {
	return fmt.Sprintf("mints=%t mintsIntoSink=%t key=%v dedup=%v passes=%v",
		k.Mints, k.MintsIntoSink, k.KeyParams, k.DedupParams, k.Passes)
}

func (k *KeyFunc) empty() bool {
	return !k.Mints && !k.MintsIntoSink && len(k.KeyParams) == 0 && len(k.DedupParams) == 0 && len(k.Passes) == 0
}

func (k *KeyFunc) equal(o *KeyFunc) bool {
	return k.Mints == o.Mints && k.MintsIntoSink == o.MintsIntoSink &&
		slices.Equal(k.KeyParams, o.KeyParams) && slices.Equal(k.DedupParams, o.DedupParams) &&
		slices.Equal(k.Passes, o.Passes)
}

// facts holds the facts of this package's functions, computed here, and
// looks up those of imported functions.
type facts struct {
	pass     *analysis.Pass
	keyFuncs map[*types.Func]*KeyFunc
	helpers  map[*types.Func]*RetryHelper
	// methods indexes by name the concrete methods that may carry a
	// KeyFunc fact: this package's and those of imported packages that
	// have one. Built on the first call through an interface.
	methods map[string][]*types.Func
	// impls caches the implementations found per interface method; their
	// facts are looked up on every use, as this package's change while
	// they are computed.
	impls map[*types.Func][]*types.Func
}

// keyFunc returns the KeyFunc fact of f. A method of an interface has
// none of its own: its call runs an implementation (s.gateway.Refund on a
// PaymentGateway of the caller's, implemented by a Gateway of the
// package that talks to the payment provider), so it gets what its
// implementations do.
func (fs *facts) keyFunc(f *types.Func) *KeyFunc {
	if f == nil {
		return nil
	}
	f = f.Origin()
	if passutil.IsInterfaceMethod(f) {
		return fs.implKeyFunc(f)
	}
	return fs.declaredKeyFunc(f)
}

func (fs *facts) declaredKeyFunc(f *types.Func) *KeyFunc {
	if f.Pkg() == fs.pass.Pkg {
		return fs.keyFuncs[f]
	}
	k := new(KeyFunc)
	if f.Pkg() != nil && fs.pass.ImportObjectFact(f, k) {
		return k
	}
	return nil
}

// implKeyFunc merges the facts of the implementations of interface method
// m: the call may run any of them, and a retry that reaches the one that
// mints a key on every call mints one per attempt whichever others there
// are (a fake, a no-op for development).
func (fs *facts) implKeyFunc(m *types.Func) *KeyFunc {
	merged := new(KeyFunc)
	for _, impl := range fs.implementations(m) {
		k := fs.declaredKeyFunc(impl)
		if k == nil {
			continue
		}
		merged.Mints = merged.Mints || k.Mints
		merged.MintsIntoSink = merged.MintsIntoSink || k.MintsIntoSink
		merged.KeyParams = union(merged.KeyParams, k.KeyParams)
		merged.DedupParams = union(merged.DedupParams, k.DedupParams)
		merged.Passes = union(merged.Passes, k.Passes)
	}
	if merged.empty() {
		return nil
	}
	return merged
}

// minter returns the function whose every call mints a key into a sink
// for a call of f: f itself, or the implementation of interface method f
// that does, so that a diagnostic points at the code that mints.
func (fs *facts) minter(f *types.Func) *types.Func {
	if f == nil || !passutil.IsInterfaceMethod(f.Origin()) {
		return f
	}
	for _, impl := range fs.implementations(f.Origin()) {
		if k := fs.declaredKeyFunc(impl); k != nil && k.MintsIntoSink {
			return impl
		}
	}
	return f
}

// implementations returns the concrete methods, here or in an imported
// package, that a call of interface method m may run and that may have a
// fact. Interfaces of the standard library (fmt.Stringer, io.Writer) name
// no operation of the module's: the types that implement them have
// nothing to do with one another, and are not looked for.
func (fs *facts) implementations(m *types.Func) []*types.Func {
	if impls, ok := fs.impls[m]; ok {
		return impls
	}
	var impls []*types.Func
	iface, ok := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if ok && iface.IsMethodSet() && !passutil.InStandardLibrary(fs.pass.Fset, m.Pos()) {
		if fs.methods == nil {
			fs.indexMethods()
		}
		for _, f := range fs.methods[m.Name()] {
			// The method set of *T holds the methods of T too: a method
			// runs for a call through the interface when *T implements it.
			if n := recvNamed(f); n != nil && n.TypeParams().Len() == 0 && types.Implements(types.NewPointer(n), iface) {
				impls = append(impls, f)
			}
		}
	}
	if fs.impls == nil {
		fs.impls = map[*types.Func][]*types.Func{}
	}
	fs.impls[m] = impls
	return impls
}

// indexMethods lists the methods an interface call may reach: those of
// this package's types, whose facts change while they are computed, and
// the imported methods that have a KeyFunc fact.
func (fs *facts) indexMethods() {
	fs.methods = map[string][]*types.Func{}
	scope := fs.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(n) {
			continue
		}
		for f := range n.Methods() {
			fs.methods[f.Name()] = append(fs.methods[f.Name()], f)
		}
	}
	for _, of := range fs.pass.AllObjectFacts() {
		f, ok := of.Object.(*types.Func)
		if _, isKey := of.Fact.(*KeyFunc); ok && isKey && f.Pkg() != fs.pass.Pkg && recvNamed(f) != nil {
			fs.methods[f.Name()] = append(fs.methods[f.Name()], f)
		}
	}
}

// union returns the sorted union of two sets of parameter indices.
func union(xs, ys []int) []int {
	out := slices.Concat(xs, ys)
	slices.Sort(out)
	return slices.Compact(out)
}

func (fs *facts) retryHelper(f *types.Func) *RetryHelper {
	if f == nil {
		return nil
	}
	f = f.Origin()
	if f.Pkg() == fs.pass.Pkg {
		return fs.helpers[f]
	}
	h := new(RetryHelper)
	if f.Pkg() != nil && fs.pass.ImportObjectFact(f, h) {
		return h
	}
	return nil
}
