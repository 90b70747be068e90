// Package uuid is a stub of github.com/google/uuid.
package uuid

type UUID [16]byte

var NameSpaceURL = UUID{}

func New() UUID                            { return UUID{} }
func NewString() string                    { return "" }
func NewRandom() (UUID, error)             { return UUID{}, nil }
func NewV7() (UUID, error)                 { return UUID{}, nil }
func NewSHA1(space UUID, data []byte) UUID { return UUID{} }
func NewMD5(space UUID, data []byte) UUID  { return UUID{} }
func Must(uuid UUID, err error) UUID       { return uuid }
func Parse(s string) (UUID, error)         { return UUID{}, nil }
func (uuid UUID) String() string           { return "" }
func (uuid UUID) Version() Version         { return 0 }

type Version byte
