package volatiledup

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// memory is a store of "already done" markers whose contents a restart,
// another replica or an eviction does not see.
type memory struct {
	name string // for the message: "the map h.processed", "the redis key"
	// shared is set for redis: every replica sees the key, but a GET
	// and a later plain SET leave a window in which two of them read
	// it absent, and an expiry or eviction forgets it.
	shared bool
}

// volatileMemory returns the memory that op looks up (or claims in, for
// an in-process LoadOrStore), when that memory lives only as long as the
// process and outlives one call: a map or in-process cache held in a
// field of the receiver or in a package variable. A map made by the call
// itself remembers nothing across deliveries, and one passed in from
// elsewhere may be anything: both are left alone. For redis, the read
// of a key.
func volatileMemory(op *dataaccess.Op) *memory {
	if !op.Kind.IsCheck() && !op.Kind.IsAtomicInsert() {
		return nil
	}
	if _, isMap := op.Instr.(*ssa.Lookup); isMap {
		if name, _, ok := processLifetime(op.Resource.Container); ok {
			return &memory{name: "the map " + name}
		}
		return nil
	}
	if op.Callee == nil || op.Callee.Pkg() == nil || op.Resource.Key == nil {
		return nil
	}
	switch pkg := op.Callee.Pkg().Path(); {
	case apis.IsRedis(pkg):
		if op.Kind.IsCheck() {
			return &memory{name: "redis " + op.Callee.Name(), shared: true}
		}
	case apis.IsProcessMemory(pkg):
		if name, t, ok := processLifetime(op.Resource.Container); ok {
			return &memory{name: fmt.Sprintf("the in-process %s %s", storeName(t, op.Callee), name)}
		}
	}
	return nil
}

// processLifetime reports whether the container lives as long as the
// process: a package variable, or a field of the method's receiver (also
// as captured by a closure inside the method); it names the container and
// gives its type.
func processLifetime(p dataaccess.Path) (string, types.Type, bool) {
	switch base := p.Base.(type) {
	case *ssa.Global:
		name, t := selectors(base.Type(), p.Fields)
		return base.Name() + name, t, true
	case *ssa.Parameter:
		fn := base.Parent()
		if p.Fields == "" || fn.Signature.Recv() == nil || len(fn.Params) == 0 || fn.Params[0] != base {
			return "", nil, false
		}
		name, t := selectors(base.Type(), p.Fields)
		return base.Name() + name, t, true
	}
	return "", nil, false
}

// selectors spells a path's ".<index>" field selections from type t as
// ".name" selectors, and returns the type they end at, the value that
// holds an embedded field.
func selectors(t types.Type, fields string) (string, types.Type) {
	var out string
	for _, f := range strings.Split(fields, ".")[1:] {
		i, err := strconv.Atoi(f)
		st, ok := ssautil.DerefStruct(t)
		if err != nil || !ok || i >= st.NumFields() {
			return out, t
		}
		if st.Field(i).Embedded() {
			break // a promoted method's receiver (go-cache's *cache in Cache): the store is the outer value
		}
		out += "." + st.Field(i).Name()
		t = st.Field(i).Type()
	}
	return out, t
}

// storeName names an in-process store by its type (sync.Map, lru.Cache,
// cache.Cache), or by the package of the method called on it.
func storeName(t types.Type, f *types.Func) string {
	if n := ssautil.NamedOf(t); n != nil && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Name() + "." + n.Obj().Name()
	}
	return f.Pkg().Name()
}
