package summaries

import (
	"context"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

// A write-back that evicts the record's cache entry is still a write of
// the record's table; an eviction alone is a key-value delete.

type Profile struct {
	ID   uint
	Name string
}

var profileCache *redis.Client

func saveProfileEvicting(db *gorm.DB, p *Profile) error { // want saveProfileEvicting:"^update table=\"profile\""
	err := db.Model(p).Updates(p).Error
	profileCache.Del(context.Background(), "profile")
	return err
}

// Near miss: the eviction alone.
func evictProfile() { // want evictProfile:"^delete table=\"\""
	profileCache.Del(context.Background(), "profile")
}
