// Package lru is a stub of github.com/hashicorp/golang-lru/v2.
package lru

type Cache[K comparable, V any] struct{ m map[K]V }

func New[K comparable, V any](size int) (*Cache[K, V], error) { return &Cache[K, V]{}, nil }

func (c *Cache[K, V]) Add(key K, value V) (evicted bool)               { return false }
func (c *Cache[K, V]) Get(key K) (value V, ok bool)                    { return value, false }
func (c *Cache[K, V]) Contains(key K) bool                             { return false }
func (c *Cache[K, V]) ContainsOrAdd(key K, value V) (ok, evicted bool) { return false, false }
func (c *Cache[K, V]) Remove(key K) (present bool)                     { return false }
