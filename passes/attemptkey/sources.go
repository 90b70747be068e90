package attemptkey

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// Key sources: calls that return a value nobody has seen before. Name-based
// UUIDs (uuid.NewMD5, NewSHA1, gofrs NewV3/NewV5) are derived from their
// input and are the right way to build a stable key, so they are absent.
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
	mints("crypto/rand", "Text", "Int", "Prime")
	mints("time", "Now")
}

// isMathRand reports whether path is a math/rand package, every value
// function of which is a source.
func isMathRand(path string) bool { return path == "math/rand" || path == "math/rand/v2" }

// isStripe reports whether path is a stripe-go major version, whose
// NewIdempotencyKey mints a key from the clock and crypto/rand.
func isStripe(path string) bool {
	rest, ok := strings.CutPrefix(path, "github.com/stripe/stripe-go")
	return ok && (rest == "" || strings.HasPrefix(rest, "/v") && !strings.Contains(rest[1:], "/"))
}

// isSourcePackage reports whether a package declares key sources; the
// fast path looks for imports of these.
func isSourcePackage(path string) bool {
	return mintFuncs[path] != nil || isMathRand(path) || isStripe(path)
}

// mintedValues returns the values a call mints fresh, or nil: the result
// of a source, or the buffer crypto/rand.Read fills.
func (a *checker) mintedValues(call *ssa.Call) []ssa.Value {
	c := &call.Call
	f := calleeFunc(c)
	if f == nil || f.Pkg() == nil {
		return nil
	}
	path, name := f.Pkg().Path(), f.Name()
	recv := recvNamed(f)
	switch {
	case recv == nil && mintFuncs[path][name]:
		return []ssa.Value{call}
	case recv != nil && (recv.Obj().Name() == "Gen" || recv.Obj().Name() == "Generator") && mintFuncs[path][name]:
		return []ssa.Value{call} // gofrs' generator methods
	case isMathRand(path) && isRandValue(name, f):
		return []ssa.Value{call}
	case isStripe(path) && name == "NewIdempotencyKey":
		return []ssa.Value{call}
	case path == "crypto/rand" && name == "Read" && len(c.Args) == 1:
		return bufferValues(c.Args[0])
	case path == "io" && (name == "ReadFull" || name == "ReadAtLeast") && len(c.Args) >= 2 && isCryptoReader(c.Args[0]):
		return bufferValues(c.Args[1])
	}
	if k := a.facts.keyFunc(f); k != nil && k.Mints {
		return []ssa.Value{call}
	}
	return nil
}

// isRandValue reports whether a math/rand function or *Rand method returns
// a random value (rather than building a source or shuffling in place).
func isRandValue(name string, f *types.Func) bool {
	if strings.HasPrefix(name, "New") || name == "Seed" || name == "Shuffle" || name == "Perm" {
		return false
	}
	res := f.Type().(*types.Signature).Results()
	return res.Len() >= 1
}

// isCryptoReader reports whether v is crypto/rand.Reader.
func isCryptoReader(v ssa.Value) bool {
	if l, ok := v.(*ssa.UnOp); ok {
		if g, ok := l.X.(*ssa.Global); ok {
			return g.Pkg != nil && g.Pkg.Pkg.Path() == "crypto/rand" && g.Name() == "Reader"
		}
	}
	return false
}

// bufferValues returns the slice a reader fills and the array behind it.
func bufferValues(v ssa.Value) []ssa.Value {
	vals := []ssa.Value{v}
	if s, ok := v.(*ssa.Slice); ok {
		vals = append(vals, s.X)
	}
	return vals
}

// timeMethodKeeps reports whether a method of time.Time keeps the
// sub-minute precision that makes time.Now() differ between attempts. A
// coarse bucket (t.Format("2006-01-02"), t.Truncate(time.Hour), t.Year())
// is the same across quick retries and is not a per-attempt key.
func timeMethodKeeps(c *ssa.CallCommon, name string) bool {
	switch name {
	case "Unix", "UnixNano", "UnixMilli", "UnixMicro", "Nanosecond", "String", "MarshalText", "MarshalJSON":
		return true
	case "Format", "AppendFormat":
		if len(c.Args) == 0 {
			return false
		}
		layout := c.Args[len(c.Args)-1]
		k, ok := layout.(*ssa.Const)
		return ok && k.Value != nil && k.Value.Kind() == constant.String && strings.Contains(constant.StringVal(k.Value), "05")
	}
	return false
}

// deliveryField names the transport fields that change on every
// redelivery of the same message.
type deliveryField struct{ pkg, typ, field, desc string }

var deliveryFields = []deliveryField{
	{"github.com/rabbitmq/amqp091-go", "Delivery", "DeliveryTag", "the AMQP delivery tag"},
	{"github.com/streadway/amqp", "Delivery", "DeliveryTag", "the AMQP delivery tag"},
	{"github.com/aws/aws-sdk-go-v2/service/sqs/types", "Message", "ReceiptHandle", "the SQS receipt handle"},
	{"github.com/aws/aws-sdk-go/service/sqs", "Message", "ReceiptHandle", "the SQS receipt handle"},
	{"github.com/nats-io/nats.go", "MsgMetadata", "NumDelivered", "the JetStream delivery count"},
	{"github.com/nats-io/nats.go/jetstream", "MsgMetadata", "NumDelivered", "the JetStream delivery count"},
	{"github.com/nats-io/nats.go", "SequencePair", "Consumer", "the JetStream consumer sequence"},
	{"github.com/nats-io/nats.go/jetstream", "SequencePair", "Consumer", "the JetStream consumer sequence"},
}

func isDeliveryPackage(path string) bool {
	for _, d := range deliveryFields {
		if strings.HasPrefix(d.pkg, path) && (d.pkg == path || d.pkg[len(path)] == '/') {
			return true
		}
	}
	return false
}

// deliveryHandle reports whether instr selects a delivery handle and
// describes it. instr is a *ssa.FieldAddr or *ssa.Field.
func deliveryHandle(instr ssa.Instruction) (ssa.Value, string) {
	t, f := selected(instr)
	if f == nil {
		return nil, ""
	}
	named := ssautil.NamedOf(t)
	if named == nil || named.Obj().Pkg() == nil {
		return nil, ""
	}
	path, typ := named.Obj().Pkg().Path(), named.Obj().Name()
	for _, d := range deliveryFields {
		if d.pkg == path && d.typ == typ && d.field == f.Name() {
			return instr.(ssa.Value), d.desc
		}
	}
	return nil, ""
}
