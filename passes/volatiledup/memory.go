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
	name string // for the message: "the map h.processed", "redis Get"
	// id names the store across functions: the receiver's type and the
	// fields selected from it, or the package variable; "redis" for
	// every redis client. A helper's memory and its caller's are one when
	// their ids are.
	id string
	// shared is set for redis: every replica sees the key, but a GET
	// and a later plain SET leave a window in which two of them read
	// it absent, and an expiry or eviction forgets it.
	shared bool
}

// volatileMemory returns the memory op looks up, claims in (an
// in-process LoadOrStore) or writes, when that memory lives only as long
// as the process and outlives one call: a map or in-process cache held in
// a field of the receiver or in a package variable. A map made by the
// call itself remembers nothing across deliveries, and one passed in from
// elsewhere may be anything: both are left alone. For redis, a read of a
// key or a plain write.
func volatileMemory(op *dataaccess.Op) *memory {
	if !op.Kind.IsCheck() && op.Kind != apis.Insert && !op.Kind.IsAtomicInsert() {
		return nil
	}
	if _, isMap := op.Instr.(*ssa.Lookup); isMap {
		return processMemory(op.Resource.Container, "the map ", "")
	}
	if _, isMap := op.Instr.(*ssa.MapUpdate); isMap {
		return processMemory(op.Resource.Container, "the map ", "")
	}
	if op.Callee == nil || op.Callee.Pkg() == nil || op.Resource.Key == nil || op.Summary != nil {
		return nil
	}
	switch pkg := op.Callee.Pkg().Path(); {
	case apis.IsRedis(pkg):
		if op.Kind.IsCheck() || op.Kind == apis.Insert {
			return &memory{name: "redis " + op.Callee.Name(), id: "redis", shared: true}
		}
	case apis.IsProcessMemory(pkg):
		return processMemory(op.Resource.Container, "the in-process ", op.Callee.Pkg().Name())
	}
	return nil
}

// processMemory describes the container at p when it lives as long as the
// process: a package variable, or a field of the method's receiver (also
// as captured by a closure inside the method). It is named by its type
// (sync.Map, lru.Cache) after prefix, or by pkg when the type has no name.
func processMemory(p dataaccess.Path, prefix, pkg string) *memory {
	var owner, name string
	var t types.Type
	switch base := p.Base.(type) {
	case *ssa.Global:
		owner, name, t = base.Pkg.Pkg.Path()+"."+base.Name(), base.Name(), base.Type().(*types.Pointer).Elem()
	case *ssa.Parameter:
		fn := base.Parent()
		recv := ssautil.NamedOf(base.Type())
		if p.Fields == "" || fn.Signature.Recv() == nil || len(fn.Params) == 0 || fn.Params[0] != base || recv == nil || recv.Obj().Pkg() == nil {
			return nil
		}
		owner, name, t = recv.Obj().Pkg().Path()+"."+recv.Obj().Name(), base.Name(), base.Type()
	default:
		return nil
	}
	sel, t := selectors(t, p.Fields)
	if pkg != "" {
		prefix += storeName(t, pkg) + " "
	}
	return &memory{name: prefix + name + sel, id: owner + sel}
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
func storeName(t types.Type, pkg string) string {
	if n := ssautil.NamedOf(t); n != nil && n.Obj().Pkg() != nil {
		return fmt.Sprintf("%s.%s", n.Obj().Pkg().Name(), n.Obj().Name())
	}
	return pkg
}
