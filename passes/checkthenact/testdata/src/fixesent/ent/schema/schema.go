// Package schema is the module's ent schema: ent's migration creates the
// tables the store queries in SQL, with the unique keys declared here.
package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// User is the table users (ent's snake-case plural): email is unique.
type User struct{ ent.Schema }

func (User) Fields() []ent.Field {
	return []ent.Field{
		field.String("email").Unique(),
		field.String("name"),
	}
}

// Member is the table members: (org, login) is unique together.
type Member struct{ ent.Schema }

func (Member) Fields() []ent.Field {
	return []ent.Field{field.String("org"), field.String("login")}
}

func (Member) Indexes() []ent.Index {
	return []ent.Index{index.Fields("org", "login").Unique()}
}

// Invite is stored in the table invitations, whose code column is unique.
type Invite struct{ ent.Schema }

func (Invite) Fields() []ent.Field {
	return []ent.Field{field.String("token").StorageKey("code").Unique()}
}

func (Invite) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "invitations"}}
}

// Subscriber's email is not unique: no index makes a twin conflict.
type Subscriber struct{ ent.Schema }

func (Subscriber) Fields() []ent.Field {
	return []ent.Field{field.String("email")}
}

// Coupon's code is unique only among live rows.
type Coupon struct{ ent.Schema }

func (Coupon) Fields() []ent.Field {
	return []ent.Field{field.String("code")}
}

func (Coupon) Indexes() []ent.Index {
	return []ent.Index{index.Fields("code").Unique().Annotations(entsql.IndexWhere("deleted_at IS NULL"))}
}
