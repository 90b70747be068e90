package dataaccess

import (
	"go/types"
	"strings"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// A store method that moves a row from one state to another and says
// whether it did, Transition(ctx, id, from, to) (bool, error), is a
// compare-and-swap whatever its name: its implementation runs UPDATE ...
// WHERE id = ? AND status = from, and its bool tells the one caller that
// won. When only the interface is in sight (the implementation lives in
// a package the caller does not import), its signature says so.

// comparesAndSwaps reports whether f returns a bool and an error and
// takes two parameters of one type named as the state expected and the
// state to set (from/to, old/new, expected/next).
func comparesAndSwaps(f *types.Func) bool {
	sig := f.Type().(*types.Signature)
	res := sig.Results()
	if res.Len() != 2 || !ssautil.IsBool(res.At(0).Type()) || !ssautil.IsError(res.At(1).Type()) {
		return false
	}
	params := sig.Params()
	for i := 0; i < params.Len(); i++ {
		if !namesExpectedState(params.At(i).Name()) {
			continue
		}
		for j := i + 1; j < params.Len(); j++ {
			if namesNewState(params.At(j).Name()) && types.Identical(params.At(i).Type(), params.At(j).Type()) {
				return true
			}
		}
	}
	return false
}

func namesExpectedState(name string) bool {
	return apis.HasAnyPrefix(strings.ToLower(name), "from", "old", "expected", "current", "prev")
}

func namesNewState(name string) bool {
	return apis.HasAnyPrefix(strings.ToLower(name), "to", "new", "next", "target")
}
