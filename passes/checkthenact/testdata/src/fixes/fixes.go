package fixes

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

var seen sync.Map

func syncMap(id string) {
	if _, ok := seen.Load(id); ok { // want `check-then-act race`
		return
	}
	seen.Store(id, true)
	http.Get("https://ledger.example/apply?id=" + id)
}

func redisExists(ctx context.Context, rdb *redis.Client, id string, ttl time.Duration) {
	if rdb.Exists(ctx, "evt:"+id).Val() == 0 { // want `check-then-act race`
		rdb.Set(ctx, "evt:"+id, "1", ttl)
		http.Get("https://ledger.example/apply?id=" + id)
	}
}

type Order struct{ Key string }

func gormCreate(db *gorm.DB, key string) error {
	var o Order
	err := db.Where("key = ?", key).First(&o).Error // want `check-then-act race`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&Order{Key: key}).Error
	}
	return err
}

func sqlInsert(db *sql.DB, key string) error {
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM orders WHERE key = $1`, key).Scan(&n); err != nil { // want `check-then-act race`
		return err
	}
	if n == 0 {
		_, err := db.Exec(`INSERT INTO orders (key) VALUES ($1);`, key)
		return err
	}
	return nil
}

// No fix: the stored value is computed after the check, so moving it
// into the check would change what runs when.
func syncMapComputed(id string) {
	if _, ok := seen.Load(id); ok { // want `check-then-act race`
		return
	}
	resp, _ := http.Get("https://ledger.example/apply?id=" + id)
	seen.Store(id, resp)
}
