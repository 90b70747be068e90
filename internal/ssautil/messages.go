package ssautil

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
)

// MessageOf returns the named broker message or job type t is, or points
// to (amqp091.Delivery, *kgo.Record, *river.Job[T]), or nil.
func MessageOf(t types.Type) *types.Named {
	n := NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil || !apis.IsMessageType(n.Obj().Pkg().Path(), n.Obj().Name()) {
		return nil
	}
	return n
}

// MessageParam returns fn's first parameter whose type is a broker message
// or a job, or nil: fn runs once per delivery.
func MessageParam(fn *ssa.Function) *ssa.Parameter {
	for _, p := range fn.Params {
		if MessageOf(p.Type()) != nil {
			return p
		}
	}
	return nil
}
