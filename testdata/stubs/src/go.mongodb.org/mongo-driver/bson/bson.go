// Package bson is a stub of go.mongodb.org/mongo-driver/bson.
package bson

type M map[string]interface{}
