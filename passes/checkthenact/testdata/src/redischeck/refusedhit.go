package redischeck

import (
	"context"
	"errors"

	"github.com/redis/go-redis/v9"
)

// The store is where destinations live, not a cache of them: a hit is
// refused as a duplicate. Two creates of one destination both miss, both
// write the hash, and both callers are told they created it; the second
// write replaces the first's fields.

var ErrDuplicateDestination = errors.New("destination already exists")

func CreateDestination(ctx context.Context, rdb *redis.Client, id, url string) error {
	fields, err := rdb.HGetAll(ctx, "destination:"+id).Result() // want `check-then-act race: the existence check HGetAll`
	if err != nil {
		return err
	}
	if len(fields) > 0 {
		return ErrDuplicateDestination
	}
	return rdb.HSet(ctx, "destination:"+id, "url", url).Err()
}

// Near miss: a hit is an answer, the fill of a miss is a cache's.
func DestinationURL(ctx context.Context, rdb *redis.Client, id, url string) (string, error) {
	fields, err := rdb.HGetAll(ctx, "destination:"+id).Result()
	if err != nil {
		return "", err
	}
	if len(fields) > 0 {
		return fields["url"], nil
	}
	return url, rdb.HSet(ctx, "destination:"+id, "url", url).Err()
}
