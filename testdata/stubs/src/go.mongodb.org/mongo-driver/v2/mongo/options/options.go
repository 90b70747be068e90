// Package options is a stub of go.mongodb.org/mongo-driver/v2/mongo/options.
package options

type Lister[T any] interface{ List() []func(*T) error }

type UpdateOneOptions struct{ Upsert *bool }

type UpdateOneOptionsBuilder struct {
	Opts []func(*UpdateOneOptions) error
}

func UpdateOne() *UpdateOneOptionsBuilder { return &UpdateOneOptionsBuilder{} }

func (u *UpdateOneOptionsBuilder) List() []func(*UpdateOneOptions) error { return u.Opts }

func (u *UpdateOneOptionsBuilder) SetUpsert(b bool) *UpdateOneOptionsBuilder { return u }

type FindOneOptions struct{}

type InsertOneOptions struct{}

type TransactionOptions struct{}
