package redelivery

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A dedup record stops a redelivery only when it is keyed by what the
// redelivery repeats: the message's id. Some fields of a delivered
// message name the delivery instead, and a redelivery of the same message
// comes with a new value: a claim keyed by one records a new row on
// every delivery and gates nothing. The ids beside them are stable: SQS's
// and AMQP's MessageId, JetStream's stream sequence, a Kafka message's
// offset in its partition, Pub/Sub's ID.

// A member is a field of a broker's type.
type member struct{ pkg, typ, field string }

// perDelivery names, for a diagnostic, the fields that change with every
// delivery of one message.
var perDelivery = map[member]string{
	// A receipt handle comes with each ReceiveMessage and is what
	// DeleteMessage takes; the next receive of the message gets a new one.
	{"github.com/aws/aws-sdk-go-v2/service/sqs/types", "Message", "ReceiptHandle"}: "the SQS ReceiptHandle, which is new on every receive",
	{"github.com/aws/aws-sdk-go/service/sqs", "Message", "ReceiptHandle"}:          "the SQS ReceiptHandle, which is new on every receive",
	// A delivery tag counts the deliveries on one channel.
	{pkgAmqp091, "Delivery", "DeliveryTag"}:                  "the AMQP DeliveryTag, which counts deliveries on the channel",
	{"github.com/streadway/amqp", "Delivery", "DeliveryTag"}: "the AMQP DeliveryTag, which counts deliveries on the channel",
	// The consumer sequence counts the consumer's deliveries,
	// redeliveries included; the stream sequence is the message's.
	{pkgJetStream, "SequencePair", "Consumer"}:    "the JetStream consumer sequence, which counts deliveries",
	{pkgNats, "SequencePair", "Consumer"}:         "the JetStream consumer sequence, which counts deliveries",
	{pkgJetStream, "MsgMetadata", "NumDelivered"}: "the JetStream delivery count",
	{pkgNats, "MsgMetadata", "NumDelivered"}:      "the JetStream delivery count",
	// A JetStream message's reply subject is its ack subject, which
	// carries the consumer sequence and the delivery count.
	{pkgNats, "Msg", "Reply"}: "the message's reply subject, the JetStream ack subject of this delivery",
}

const (
	pkgAmqp091   = "github.com/rabbitmq/amqp091-go"
	pkgNats      = "github.com/nats-io/nats.go"
	pkgJetStream = "github.com/nats-io/nats.go/jetstream"
)

// perDeliveryRecord judges the dedup records that stand before a write:
// stopped when one of them is keyed by the message's id (or there is no
// telling it is not), else the first, with the per-delivery field it is
// keyed by; field is "" when there is no record at all.
func (h *handler) perDeliveryRecord(records []write) (rec write, field string, stopped bool) {
	for i, r := range records {
		f := h.deliveryKey(r.op)
		if f == "" {
			return write{}, "", true
		}
		if i == 0 {
			rec, field = r, f
		}
	}
	return rec, field, false
}

// deliveryKey returns, for a dedup record (a claim, a keyed insert), the
// per-delivery field its key is taken from, or "" when its key is stable:
// no part of the key is such a field, or another part is the message's
// id (a record keyed by MessageId that also stores the receipt handle).
func (h *handler) deliveryKey(op *dataaccess.Op) string {
	field := ""
	for _, in := range op.Inputs() { // a params struct's fields among them
		if f := perDeliveryField(in, 0); f != "" {
			field = f
		} else if h.messageID(in, 0) {
			return ""
		}
	}
	return field
}

// perDeliveryField returns the per-delivery field v is, or is built from
// (aws.ToString(m.ReceiptHandle), strconv.FormatUint(d.DeliveryTag, 10),
// fmt.Sprintf("%s:%d", queue, tag)), or "".
func perDeliveryField(v ssa.Value, depth int) string {
	if v == nil || depth > maxDepth {
		return ""
	}
	v = dataaccess.Unwrap(v)
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return fieldOf(x.X.Type(), x.Field)
	case *ssa.Field:
		return fieldOf(x.X.Type(), x.Field)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return perDeliveryField(x.X, depth)
		}
	case *ssa.Extract:
		return perDeliveryField(x.Tuple, depth)
	case *ssa.Alloc:
		return perDeliveryField(dataaccess.StoredOnce(x), depth+1)
	case *ssa.FreeVar:
		return perDeliveryField(dataaccess.Binding(x), depth+1)
	case *ssa.Phi:
		// Only a key that is per delivery on every path.
		field := ""
		for _, e := range x.Edges {
			if field = perDeliveryField(e, depth+1); field == "" {
				return ""
			}
		}
		return field
	case *ssa.BinOp:
		if x.Op == token.ADD { // "bonus:" + tag
			if f := perDeliveryField(x.X, depth+1); f != "" {
				return f
			}
			return perDeliveryField(x.Y, depth+1)
		}
	case *ssa.Call:
		for _, a := range callValues(&x.Call) {
			if f := perDeliveryField(a, depth+1); f != "" {
				return f
			}
		}
	}
	return ""
}

// fieldOf returns the per-delivery field i of the struct t is or points
// to, or "".
func fieldOf(t types.Type, i int) string {
	n := ssautil.NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	return perDelivery[member{n.Obj().Pkg().Path(), n.Obj().Name(), ssautil.FieldName(t, i)}]
}
