// Package volatiledup holds real-library cases for the volatiledup check:
// "already handled" records kept in process memory (sync.Map,
// hashicorp/golang-lru v2 and its expirable LRU, patrickmn/go-cache) or in
// redis read with GET and written with a plain SET, in front of effects
// that must not run twice. Each positive has its near miss beside it.
package volatiledup
