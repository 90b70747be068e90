package model

import "context"

// A repository's count, seen only through its interface: the name and
// the number it returns say what it does, and a limit is compared with
// it.
type MemberStore interface {
	CountMembers(ctx context.Context, orgID string) (int64, error)
	GetMemberCount(ctx context.Context, orgID string) (int, error)
	// Near misses: a counter that is no count of records, and a "count"
	// that returns no number.
	Counter(ctx context.Context) (int64, error)
	CountDown(ctx context.Context, orgID string) error
	// A method named for adding to a stored number changes it on every
	// call; one that only starts like it (Incremental) does not say so.
	IncrementMemberCount(ctx context.Context, orgID string) error
	IncrementalSync(ctx context.Context, orgID string) error
	// A stored number read by name; a getter of something else is no
	// read of the model's.
	GetBalance(ctx context.Context, orgID string) (int64, error)
	GetName(ctx context.Context, orgID string) (string, error)
	// A setter of a repository (it looks records up) writes a row; the
	// same name on a client that looks nothing up, or with no key, does
	// not say so.
	SetBalance(ctx context.Context, orgID string, balance int64) error
	SetLogger(l any)
}

type Throttle interface {
	SetBalance(ctx context.Context, orgID string, balance int64) error
}

func counts(ctx context.Context, s MemberStore, orgID string) {
	s.CountMembers(ctx, orgID)   // want `exists member unknown`
	s.GetMemberCount(ctx, orgID) // want `exists member unknown`
	s.Counter(ctx)
	s.CountDown(ctx, orgID)
	s.IncrementMemberCount(ctx, orgID) // want `update member unknown`
	s.IncrementalSync(ctx, orgID)
	s.GetBalance(ctx, orgID) // want `read balance unknown`
	s.GetName(ctx, orgID)
	s.SetBalance(ctx, orgID, 1) // want `update  unknown`
	s.SetLogger(nil)
}

func throttle(ctx context.Context, t Throttle, orgID string) {
	t.SetBalance(ctx, orgID, 1)
}
