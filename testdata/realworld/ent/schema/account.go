package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
)

// Account is a customer account, unique by email.
type Account struct {
	ent.Schema
}

// Fields of the Account.
func (Account) Fields() []ent.Field {
	return []ent.Field{
		field.String("email").Unique(),
		field.Int64("balance").Default(0),
	}
}
