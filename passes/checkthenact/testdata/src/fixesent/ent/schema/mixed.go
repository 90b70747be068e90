package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/mixin"

	"fixesent/ent/mixins"
)

// Handle is a mixin of the schema package: its handle is unique.
type Handle struct{ mixin.Schema }

func (Handle) Fields() []ent.Field {
	return []ent.Field{field.String("handle").Unique()}
}

// Org mixes in Handle: orgs.handle is unique.
type Org struct{ ent.Schema }

func (Org) Mixin() []ent.Mixin { return []ent.Mixin{Handle{}} }

// Article mixes in another package's mixin: (tenant, slug) is unique.
type Article struct{ ent.Schema }

func (Article) Mixin() []ent.Mixin { return []ent.Mixin{mixins.Slugged{}} }

// Note mixes in a mixin with no unique field.
type Note struct{ ent.Schema }

func (Note) Mixin() []ent.Mixin { return []ent.Mixin{mixins.Audited{}} }

// Token mixes in Keyed, whose key is unique only if configured so.
type Token struct{ ent.Schema }

func (Token) Mixin() []ent.Mixin { return []ent.Mixin{mixins.Keyed{}} }
