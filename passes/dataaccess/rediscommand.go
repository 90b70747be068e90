package dataaccess

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// fromCommand fills op from the redis command a call sends when the call
// names it instead of its method (redigo conn.Do("SET", key, v, "NX"),
// go-redis rdb.Do(ctx, "INCR", key), rueidis
// client.Do(ctx, client.B().Get().Key(key).Build())). A command the
// table does not know, or whose key cannot be seen, leaves op without a
// kind: the call is not modelled.
func (m *modeler) fromCommand(op *Op, c *ssa.CallCommon, row apis.Method, recv ssa.Value) {
	name, key, flags := commandWords(arg(c, row.CommandArg), arg(c, row.CommandArg+1))
	op.Kind = apis.RedisCommandKind(name, flags...)
	if op.Kind == apis.None || key == nil {
		op.Kind = apis.None
		return
	}
	if recv == nil && row.Recv == "" { // redigo's redis.DoContext(conn, ctx, "GET", key)
		recv = arg(c, 0)
	}
	op.Resource.Key = key
	op.Resource.Container = rootPath(recv)
}

// commandWords reads the command name, its key and its option words
// from where the call names them: v, or v and the variadic rest.
func commandWords(v, rest ssa.Value) (name string, key ssa.Value, flags []string) {
	words := variadicElems(v) // go-redis Do(ctx, "SET", key, v)
	if len(words) == 0 {
		if _, ok := constString(v); !ok {
			return builtCommand(v)
		}
		words = append([]ssa.Value{v}, variadicElems(rest)...) // redigo Do("SET", key, v)
	}
	name, _ = constString(words[0])
	if len(words) > 1 {
		key = Unwrap(words[1])
	}
	for _, w := range words[min(2, len(words)):] {
		if s, ok := constString(w); ok {
			flags = append(flags, s)
		}
	}
	return name, key, flags
}

// builtCommand reads a command built by a chain of builder calls, from
// the terminal call back to the builder that names the command:
// B().Set().Key(k).Value(v).Nx().Build() is SET with key k and option NX.
func builtCommand(v ssa.Value) (name string, key ssa.Value, flags []string) {
	for range 64 { // bounded: a builder chain is one call per word
		call, ok := v.(*ssa.Call)
		if !ok {
			return "", nil, nil
		}
		f, recv := callee(&call.Call), receiver(&call.Call)
		if f == nil || recv == nil {
			return "", nil, nil
		}
		if !isBuiltCommand(call) {
			return "", nil, nil
		}
		switch {
		case ssautil.NamedOf(recv.Type()).Obj().Name() == "Builder":
			return f.Name(), key, flags
		case f.Name() == "Key":
			key = arg(&call.Call, 0)
			if keys := variadicElems(key); len(keys) == 1 { // Del().Key(k)
				key = keys[0]
			}
		case len(call.Call.Args) == 1: // a word with no value: Nx(), Xx()
			flags = append(flags, f.Name())
		}
		v = recv
	}
	return "", nil, nil
}

// isBuiltCommand reports whether v is a call of a redis command builder
// (rueidis's Key, Value, Nx, Build): a method of a type of its client's
// module.
func isBuiltCommand(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.Signature().Recv() == nil {
		return false
	}
	n := ssautil.NamedOf(call.Call.Signature().Recv().Type())
	return n != nil && n.Obj().Pkg() != nil && apis.IsRedisCommandBuilder(n.Obj().Pkg().Path())
}

// ReplyConversions returns the calls of a redis client package's reply
// helpers that take every result of call, in order: redigo's
// redis.String(conn.Do("GET", key)) is the GET's reply, converted, with
// its error (ErrNil when the key is absent) handed through.
func ReplyConversions(call *ssa.Call) []*ssa.Call {
	results, ok := call.Type().(*types.Tuple)
	if !ok {
		return nil
	}
	var out []*ssa.Call
	for _, ref := range *call.Referrers() {
		first, ok := ref.(*ssa.Extract)
		if !ok || first.Index != 0 {
			continue
		}
		for _, use := range *first.Referrers() {
			conv, ok := use.(*ssa.Call)
			if !ok {
				continue
			}
			f := conv.Call.StaticCallee()
			if f == nil || f.Pkg == nil || !apis.IsRedis(f.Pkg.Pkg.Path()) || f.Signature.Recv() != nil ||
				len(conv.Call.Args) != results.Len() || !takesResultsInOrder(conv, call) {
				continue
			}
			out = append(out, conv)
		}
	}
	return out
}

func takesResultsInOrder(conv, call *ssa.Call) bool {
	for i, a := range conv.Call.Args {
		e, ok := a.(*ssa.Extract)
		if !ok || e.Tuple != call || e.Index != i {
			return false
		}
	}
	return true
}
