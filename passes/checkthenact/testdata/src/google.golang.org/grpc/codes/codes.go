// Package codes is a stub of google.golang.org/grpc/codes.
package codes

type Code uint32

const (
	OK            Code = 0
	NotFound      Code = 5
	AlreadyExists Code = 6
	Unavailable   Code = 14
)
