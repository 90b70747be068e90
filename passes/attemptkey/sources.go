package attemptkey

import (
	"go/constant"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// isSourcePackage reports whether a package declares key sources other
// than time.Now; the fast path looks for imports of these.
func isSourcePackage(path string) bool { return apis.IsMintPackage(path) }

// mintedValues returns the values a call mints fresh, or nil: the result
// of a source, or the buffer crypto/rand.Read fills.
func (a *checker) mintedValues(call *ssa.Call) []ssa.Value {
	f := calleeFunc(&call.Call)
	if vals, m := ssautil.MintedBy(call, f); m != apis.NoMint {
		return vals
	}
	if k := a.facts.keyFunc(f); k != nil && k.Mints {
		return []ssa.Value{call}
	}
	return nil
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
