package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
)

// ProcessedEvent records a message that a consumer has handled: its inbox row.
type ProcessedEvent struct {
	ent.Schema
}

// Fields of the ProcessedEvent.
func (ProcessedEvent) Fields() []ent.Field {
	return []ent.Field{
		field.String("event_id").Unique(),
		field.Time("processed_at"),
	}
}
