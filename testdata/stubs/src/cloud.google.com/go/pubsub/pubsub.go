// Package pubsub is a stub of cloud.google.com/go/pubsub.
package pubsub

import ipubsub "cloud.google.com/go/internal/pubsub"

type Message = ipubsub.Message
