package apis

// Row tables for in-process caches: LRU and TTL caches that live in the
// process's memory. Like a map or a sync.Map they forget everything on a
// restart, are not shared with other replicas, and drop entries on
// eviction or expiry: a record of "already done" kept in one is lost on
// exactly the failures a redelivery follows.

func init() {
	lru := func(pkg, recv string) {
		register(
			keyRow(pkg, recv, "Get", Read, 0), keyRow(pkg, recv, "Peek", Read, 0),
			keyRow(pkg, recv, "Contains", Exists, 0),
			keyRow(pkg, recv, "Add", Insert, 0),
			keyRow(pkg, recv, "ContainsOrAdd", CondInsert, 0),
			keyRow(pkg, recv, "PeekOrAdd", CondInsert, 0),
			keyRow(pkg, recv, "Remove", Delete, 0),
		)
		processCaches[pkg] = true
	}
	lru("github.com/hashicorp/golang-lru", "Cache")
	lru("github.com/hashicorp/golang-lru/v2", "Cache")
	lru("github.com/hashicorp/golang-lru/v2/expirable", "LRU")

	// patrickmn/go-cache: the methods are on the unexported *cache that
	// Cache embeds, hence any receiver. Add fails when the key is present:
	// the in-process form of SETNX.
	const goCache = "github.com/patrickmn/go-cache"
	register(
		keyRow(goCache, "*", "Get", Read, 0), keyRow(goCache, "*", "GetWithExpiration", Read, 0),
		keyRow(goCache, "*", "Set", Insert, 0), keyRow(goCache, "*", "SetDefault", Insert, 0),
		keyRow(goCache, "*", "Add", CondInsert, 0),
		keyRow(goCache, "*", "Delete", Delete, 0),
	)
	processCaches[goCache] = true

	for _, pkg := range []string{"github.com/dgraph-io/ristretto", "github.com/dgraph-io/ristretto/v2"} {
		register(
			keyRow(pkg, "Cache", "Get", Read, 0),
			keyRow(pkg, "Cache", "Set", Insert, 0), keyRow(pkg, "Cache", "SetWithTTL", Insert, 0),
			keyRow(pkg, "Cache", "Del", Delete, 0),
		)
		processCaches[pkg] = true
	}
	// bigcache and freecache: Get returns an error (ErrEntryNotFound,
	// ErrNotFound) when the key is absent.
	for _, c := range []struct{ pkg, recv string }{
		{"github.com/allegro/bigcache", "BigCache"}, {"github.com/allegro/bigcache/v3", "BigCache"},
		{"github.com/coocood/freecache", "Cache"},
	} {
		register(
			keyRow(c.pkg, c.recv, "Get", Read, 0),
			keyRow(c.pkg, c.recv, "Set", Insert, 0),
			keyRow(c.pkg, c.recv, "Delete", Delete, 0), keyRow(c.pkg, c.recv, "Del", Delete, 0),
		)
		processCaches[c.pkg] = true
	}
	const ttlcache = "github.com/jellydator/ttlcache/v3"
	register(
		keyRow(ttlcache, "Cache", "Has", Exists, 0),
		keyRow(ttlcache, "Cache", "Set", Insert, 0),
		keyRow(ttlcache, "Cache", "Delete", Delete, 0),
	)
	processCaches[ttlcache] = true
	processCaches["sync"] = true // sync.Map
}

var processCaches = map[string]bool{}

// IsProcessMemory reports whether pkg keeps its data in the process's
// memory (sync.Map, an LRU or TTL cache library): what it holds is lost on
// a restart and not seen by another replica.
func IsProcessMemory(pkg string) bool { return processCaches[canonical(pkg)] }
