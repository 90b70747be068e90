// Package social manages follows and blocks between users.
package social

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"example.com/shop4/internal/clients/queue"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var ErrSelf = errors.New("social: cannot follow or block yourself")

type Service struct {
	graph  store.SocialStore
	events queue.Publisher
}

func New(graph store.SocialStore, events queue.Publisher) *Service {
	return &Service{graph: graph, events: events}
}

func (s *Service) Follow(ctx context.Context, followerID, followeeID int64) error {
	if followerID == followeeID {
		return ErrSelf
	}
	following, err := s.graph.IsFollowing(ctx, followerID, followeeID)
	if err != nil {
		return err
	}
	if following {
		return nil
	}
	if err := s.graph.AddFollow(ctx, domain.Follow{FollowerID: followerID, FolloweeID: followeeID, CreatedAt: time.Now()}); err != nil {
		return err
	}
	s.notify(ctx, "social.followed", followerID, followeeID)
	return nil
}

// Block hides blockedID from blockerID. The store reports a block that
// already exists as store.ErrDuplicate.
func (s *Service) Block(ctx context.Context, blockerID, blockedID int64) error {
	if blockerID == blockedID {
		return ErrSelf
	}
	blocked, err := s.graph.IsBlocked(ctx, blockerID, blockedID)
	if err != nil {
		return err
	}
	if blocked {
		return nil
	}
	return s.graph.AddBlock(ctx, domain.Block{BlockerID: blockerID, BlockedID: blockedID, CreatedAt: time.Now()})
}

func (s *Service) notify(ctx context.Context, topic string, actor, subject int64) {
	body, _ := json.Marshal(map[string]int64{"actor_id": actor, "subject_id": subject})
	if err := s.events.Publish(ctx, topic, body); err != nil {
		slog.WarnContext(ctx, "publish", "topic", topic, "err", err)
	}
}
