package redischeck

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// Dependency is a service's container: each accessor builds its client on
// the first call and keeps it (the first call registers the instance with
// the discovery service).
type Dependency struct {
	dsn string
	db  *sql.DB
}

func (d *Dependency) DB() *sql.DB {
	if d.db != nil {
		return d.db
	}
	db, _ := sql.Open("postgres", d.dsn)
	http.Post("https://discovery.example/register", "text/plain", strings.NewReader(d.dsn))
	d.db = db
	return db
}

// FreshDB builds a client, and registers, on every call: it keeps
// nothing.
func (d *Dependency) FreshDB() *sql.DB {
	if d.db != nil {
		return d.db
	}
	db, _ := sql.Open("postgres", d.dsn)
	http.Post("https://discovery.example/register", "text/plain", strings.NewReader(d.dsn))
	return db
}

// Near miss: a cache fill that fetches the client from its container
// first: what the container's first call does is once per process.
func fileCount(ctx context.Context, rdb *redis.Client, dep *Dependency) string {
	v, err := rdb.Get(ctx, "metrics:files").Result()
	if err == redis.Nil {
		var n int
		dep.DB().QueryRowContext(ctx, `SELECT count(*) FROM files`).Scan(&n)
		v = "computed"
		rdb.Set(ctx, "metrics:files", v, time.Minute)
	}
	return v
}

// The accessor that keeps nothing writes on every miss: the fill is no
// longer free of effects.
func fileCountFresh(ctx context.Context, rdb *redis.Client, dep *Dependency) string {
	v, err := rdb.Get(ctx, "metrics:files").Result() // want `check-then-act race: the existence check Get`
	if err == redis.Nil {
		var n int
		dep.FreshDB().QueryRowContext(ctx, `SELECT count(*) FROM files`).Scan(&n)
		v = "computed"
		rdb.Set(ctx, "metrics:files", v, time.Minute)
	}
	return v
}
