package statusgate

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// A service's own worker queue: what is pushed is federated, mailed or
// counted by a worker later. Two accepts that both read "pending" push
// the accept twice, and the worker sends it twice.

var errHandled = errors.New("request already handled")

// WorkQueue is the module's in-process queue; its body only appends.
type WorkQueue[T any] struct {
	mu    sync.Mutex
	items []T
}

func (q *WorkQueue[T]) Push(v T) {
	q.mu.Lock()
	q.items = append(q.items, v)
	q.mu.Unlock()
}

// Len is no effect: it only reports.
func (q *WorkQueue[T]) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}

// Stack is a plain stack: its Push hands nothing to a worker.
type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

type FollowMessage struct {
	RequestID string
	Accepted  bool
}

type FollowRequests struct {
	DB      *sql.DB
	Workers *WorkQueue[FollowMessage]
	Undo    *Stack[FollowMessage]
}

func (f *FollowRequests) Accept(ctx context.Context, id string) error {
	var state string
	if err := f.DB.QueryRowContext(ctx, `SELECT state FROM follow_requests WHERE id = $1`, id).Scan(&state); err != nil { // want `status-gate race: its state read here is tested, then Push at line \d+ and the state write at line \d+`
		return err
	}
	if state != "pending" {
		return errHandled
	}
	f.Workers.Push(FollowMessage{RequestID: id, Accepted: true})
	_, err := f.DB.ExecContext(ctx, `UPDATE follow_requests SET state = 'accepted' WHERE id = $1`, id)
	return err
}

// Near miss: the transition is a conditional update whose rows affected
// picks the one caller that pushes.
func (f *FollowRequests) AcceptGuarded(ctx context.Context, id string) error {
	res, err := f.DB.ExecContext(ctx, `UPDATE follow_requests SET state = 'accepted' WHERE id = $1 AND state = 'pending'`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errHandled
	}
	f.Workers.Push(FollowMessage{RequestID: id, Accepted: true})
	return nil
}

// Near miss: a stack's Push and a queue's Len hand nothing to a worker.
func (f *FollowRequests) Reject(ctx context.Context, id string) error {
	var state string
	if err := f.DB.QueryRowContext(ctx, `SELECT state FROM follow_requests WHERE id = $1`, id).Scan(&state); err != nil {
		return err
	}
	if state != "pending" || f.Workers.Len() > 1000 {
		return errHandled
	}
	f.Undo.Push(FollowMessage{RequestID: id})
	_, err := f.DB.ExecContext(ctx, `UPDATE follow_requests SET state = 'rejected' WHERE id = $1`, id)
	return err
}
