package apis

import (
	"go/types"
	"strings"
)

// Row table for mints: library functions that return a value no earlier
// call returned. attemptkey follows them into idempotency keys (a key
// minted per attempt deduplicates nothing); checkthenact trusts a check on
// a unique one (two callers never check the same random code).
// Name-based UUIDs (uuid.NewMD5, NewSHA1, gofrs NewV3/NewV5) are derived
// from their input and are the right way to build a stable key, so they
// are absent.

// Mint says what kind of new value a function returns.
type Mint int

const (
	NoMint Mint = iota
	// MintsUnique: a random or unique identifier (uuid.New, ulid.Make,
	// crypto/rand.Text, math/rand.Intn): no two calls share it.
	MintsUnique
	// MintsTime: the current time, new on every attempt but shared by
	// callers that run at once, to its precision.
	MintsTime
	// FillsBuffer: random bytes written into the buffer argument
	// (crypto/rand.Read); whether io.ReadFull does so depends on its
	// reader, which the caller looks at.
	FillsBuffer
)

var mintFuncs = map[string]map[string]bool{}

func mints(pkg string, names ...string) {
	if mintFuncs[pkg] == nil {
		mintFuncs[pkg] = map[string]bool{}
	}
	for _, n := range names {
		mintFuncs[pkg][n] = true
	}
}

func init() {
	mints("github.com/google/uuid", "New", "NewString", "NewRandom", "NewRandomFromReader",
		"NewUUID", "NewV6", "NewV7", "NewV7FromReader", "NewDCEPerson", "NewDCEGroup")
	for _, pkg := range []string{"github.com/gofrs/uuid", "github.com/gofrs/uuid/v5", "github.com/satori/go.uuid"} {
		mints(pkg, "NewV1", "NewV4", "NewV6", "NewV7")
	}
	for _, pkg := range []string{"github.com/oklog/ulid", "github.com/oklog/ulid/v2"} {
		mints(pkg, "New", "MustNew", "Make", "MustNewDefault")
	}
	mints("github.com/segmentio/ksuid", "New", "NewRandom", "NewRandomWithTime")
	mints("github.com/rs/xid", "New", "NewWithTime")
	mints("github.com/hashicorp/go-uuid", "GenerateUUID")
	for _, pkg := range []string{"github.com/lithammer/shortuuid/v3", "github.com/lithammer/shortuuid/v4"} {
		mints(pkg, "New")
	}
	mints("github.com/teris-io/shortid", "Generate", "MustGenerate")
	for _, pkg := range []string{"github.com/matoous/go-nanoid", "github.com/matoous/go-nanoid/v2"} {
		mints(pkg, "New", "Generate", "Must", "MustGenerate")
	}
	mints("crypto/rand", "Text", "Int", "Prime")
}

// MintOf tells what a call of f mints.
func MintOf(f *types.Func) Mint {
	if f == nil || f.Pkg() == nil {
		return NoMint
	}
	path, name := f.Pkg().Path(), f.Name()
	recv := f.Type().(*types.Signature).Recv()
	switch {
	case path == "time" && name == "Now":
		return MintsTime
	case path == "crypto/rand" && name == "Read":
		return FillsBuffer
	case recv == nil && mintFuncs[path][name]:
		return MintsUnique
	case recv != nil && mintFuncs[path][name] && isGenerator(recv.Type()):
		return MintsUnique // gofrs' generator methods
	case isMathRand(path) && isRandValue(f):
		return MintsUnique
	case isStripe(path) && name == "NewIdempotencyKey":
		return MintsUnique // the clock and crypto/rand
	}
	return NoMint
}

// IsMintPackage reports whether a package declares mints other than
// time.Now; the checks' fast paths look for imports of these.
func IsMintPackage(path string) bool {
	return mintFuncs[path] != nil || isMathRand(path) || isStripe(path)
}

func isGenerator(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && (n.Obj().Name() == "Gen" || n.Obj().Name() == "Generator")
}

// isMathRand reports whether path is a math/rand package, every value
// function of which is a mint.
func isMathRand(path string) bool { return path == "math/rand" || path == "math/rand/v2" }

// isRandValue reports whether a math/rand function or *Rand method returns
// a random value (rather than building a source or shuffling in place).
func isRandValue(f *types.Func) bool {
	name := f.Name()
	if strings.HasPrefix(name, "New") || name == "Seed" || name == "Shuffle" || name == "Perm" {
		return false
	}
	return f.Type().(*types.Signature).Results().Len() >= 1
}

// isStripe reports whether path is a stripe-go major version.
func isStripe(path string) bool {
	rest, ok := strings.CutPrefix(path, "github.com/stripe/stripe-go")
	return ok && (rest == "" || strings.HasPrefix(rest, "/v") && !strings.Contains(rest[1:], "/"))
}
