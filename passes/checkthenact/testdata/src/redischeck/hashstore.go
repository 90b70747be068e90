package redischeck

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// A store keeps each destination in a redis hash whose key it builds from
// the record's own fields; the create tests the hash and hands the
// record to the store's upsert, which builds the same key again and
// writes the hash in a transaction pipeline. Two creates both miss and
// both write (refusedhit.go has the inline form).

type Destination struct {
	ID       string
	TenantID string
	Type     string
	URL      string
}

type destinationStore struct{ rdb *redis.Client }

func (s *destinationStore) destinationKey(tenantID, id string) string {
	return "tenant:" + tenantID + ":destination:" + id
}

func (s *destinationStore) Create(ctx context.Context, d Destination) error {
	fields, err := s.rdb.HGetAll(ctx, s.destinationKey(d.TenantID, d.ID)).Result() // want `check-then-act race: the existence check HGetAll and the insert at line 36 .*make it one step: SET key NX`
	if err != nil {
		return err
	}
	if len(fields) > 0 {
		return ErrDuplicateDestination
	}
	return s.upsert(ctx, d)
}

func (s *destinationStore) upsert(ctx context.Context, d Destination) error {
	key := s.destinationKey(d.TenantID, d.ID)
	_, err := s.rdb.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.HSet(ctx, key, "id", d.ID, "type", d.Type, "url", d.URL)
		return nil
	})
	return err
}

// Near miss: the hash the upsert writes is keyed by other fields of the
// record (the tenant and the type), another entry than the one tested.
func (s *destinationStore) CreateTyped(ctx context.Context, d Destination) error {
	fields, err := s.rdb.HGetAll(ctx, s.destinationKey(d.TenantID, d.ID)).Result()
	if err != nil {
		return err
	}
	if len(fields) > 0 {
		return ErrDuplicateDestination
	}
	return s.upsertByType(ctx, d)
}

func (s *destinationStore) upsertByType(ctx context.Context, d Destination) error {
	key := s.destinationKey(d.TenantID, d.Type)
	_, err := s.rdb.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.HSet(ctx, key, "id", d.ID, "url", d.URL)
		return nil
	})
	return err
}
