// Package river is a stub of github.com/riverqueue/river.
package river

import "context"

type JobRow struct {
	ID      int64
	Attempt int
}

type Job[T any] struct {
	*JobRow
	Args T
}

type WorkerDefaults[T any] struct{}

type Worker[T any] interface {
	Work(ctx context.Context, job *Job[T]) error
}
