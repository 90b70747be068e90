package attemptkey

import (
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
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
}

func (fs *facts) keyFunc(f *types.Func) *KeyFunc {
	if f == nil {
		return nil
	}
	f = f.Origin()
	if f.Pkg() == fs.pass.Pkg {
		return fs.keyFuncs[f]
	}
	k := new(KeyFunc)
	if f.Pkg() != nil && fs.pass.ImportObjectFact(f, k) {
		return k
	}
	return nil
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
