// Package uuid is a stub of github.com/hashicorp/go-uuid.
package uuid

func GenerateUUID() (string, error) { return "", nil }

// ParseUUID reads a UUID; it mints nothing.
func ParseUUID(s string) ([]byte, error) { return nil, nil }
