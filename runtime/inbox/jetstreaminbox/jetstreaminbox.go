// Package jetstreaminbox connects runtime/inbox to NATS JetStream messages
// from github.com/nats-io/nats.go/jetstream.
//
// The message id is the Nats-Msg-Id header (jetstream.MsgIDHeader), the
// id the producer also gives JetStream for its publish-side duplicate
// window. The stream sequence and NumDelivered are not ids: they number
// deliveries.
package jetstreaminbox

import (
	"context"
	"errors"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/idemvet/idemvet/runtime/inbox"
)

// Handle processes msg through in and settles it with the server:
//
//   - processed, duplicate or dead-lettered: DoubleAck, after the commit,
//     which waits for the server to confirm the ack;
//   - the handler failed, or another delivery of it is being processed:
//     Nak, so the server delivers it again;
//   - no Nats-Msg-Id header: Term, since it could never be recognised as
//     a duplicate.
//
// It returns the disposition and the error Process returned, or the
// server's error when settling failed (a lost ack only means a
// redelivery, which the inbox absorbs).
func Handle(ctx context.Context, in *inbox.Inbox, msg jetstream.Msg, h inbox.Handler) (inbox.Disposition, error) {
	var id string
	if hdr := msg.Headers(); hdr != nil {
		id = hdr.Get(jetstream.MsgIDHeader)
	}
	disp, err := in.Process(ctx, inbox.Message{ID: id, Body: msg.Data()}, h)
	switch {
	case errors.Is(err, inbox.ErrNoMessageID):
		return 0, errors.Join(err, msg.Term())
	case err != nil:
		return 0, errors.Join(err, msg.Nak())
	}
	return disp, msg.DoubleAck(ctx)
}
