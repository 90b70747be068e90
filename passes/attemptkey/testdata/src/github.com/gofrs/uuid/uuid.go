// Package uuid is a stub of github.com/gofrs/uuid.
package uuid

type UUID [16]byte

var NamespaceOID = UUID{}

func NewV4() (UUID, error)            { return UUID{}, nil }
func NewV7() (UUID, error)            { return UUID{}, nil }
func NewV5(ns UUID, name string) UUID { return UUID{} }
func Must(u UUID, err error) UUID     { return u }
func (u UUID) String() string         { return "" }
