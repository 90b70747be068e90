// Package mixins holds mixins the schema types share: their fields and
// indexes are created in every table that mixes them in.
package mixins

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"entgo.io/ent/schema/mixin"
)

// Slugged makes (tenant, slug) unique together.
type Slugged struct{ mixin.Schema }

func (Slugged) Fields() []ent.Field {
	return []ent.Field{field.String("tenant"), field.String("slug")}
}

func (Slugged) Indexes() []ent.Index {
	return []ent.Index{index.Fields("tenant", "slug").Unique()}
}

// Audited adds a column no index makes unique.
type Audited struct{ mixin.Schema }

func (Audited) Fields() []ent.Field {
	return []ent.Field{field.String("created_by")}
}

// Keyed's key is unique only when the schema configures it so: what its
// Fields declares depends on the value mixed in.
type Keyed struct {
	mixin.Schema
	Unique bool
}

func (k Keyed) Fields() []ent.Field {
	if k.Unique {
		return []ent.Field{field.String("key").Unique()}
	}
	return []ent.Field{field.String("key")}
}
