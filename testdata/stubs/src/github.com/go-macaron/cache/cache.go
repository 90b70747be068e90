// Package cache is a stub of github.com/go-macaron/cache: the Cache
// interface macaron injects into handlers.
package cache

type Cache interface {
	Put(key string, val interface{}, timeout int64) error
	// Get returns nil when the key is absent.
	Get(key string) interface{}
	Delete(key string) error
	Incr(key string) error
	Decr(key string) error
	IsExist(key string) bool
	Flush() error
}
