// Package options is a stub of go.mongodb.org/mongo-driver/mongo/options.
package options

type UpdateOptions struct{ Upsert *bool }

func Update() *UpdateOptions { return &UpdateOptions{} }

func (u *UpdateOptions) SetUpsert(b bool) *UpdateOptions { u.Upsert = &b; return u }

func (u *UpdateOptions) SetBypassDocumentValidation(b bool) *UpdateOptions { return u }

type FindOneOptions struct{}

type InsertOneOptions struct{}

type CountOptions struct{}

type TransactionOptions struct{}
