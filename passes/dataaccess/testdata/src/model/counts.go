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
}

func counts(ctx context.Context, s MemberStore, orgID string) {
	s.CountMembers(ctx, orgID)   // want `exists member unknown`
	s.GetMemberCount(ctx, orgID) // want `exists member unknown`
	s.Counter(ctx)
	s.CountDown(ctx, orgID)
}
