// Package cache is a stub of github.com/patrickmn/go-cache.
package cache

import "time"

const DefaultExpiration time.Duration = 0

type Cache struct{ *cache }

type cache struct{ items map[string]any }

func New(defaultExpiration, cleanupInterval time.Duration) *Cache { return &Cache{&cache{}} }

func (c *cache) Set(k string, x any, d time.Duration)       {}
func (c *cache) Add(k string, x any, d time.Duration) error { return nil }
func (c *cache) Get(k string) (any, bool)                   { return nil, false }
func (c *cache) Delete(k string)                            {}
