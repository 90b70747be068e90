// Package scan is a minimal stub of github.com/stephenafamo/scan.
package scan

import "context"

type Mapper[T any] func(context.Context, []string) (func(any) (T, error), error)

func StructMapper[T any]() Mapper[T] { return nil }
