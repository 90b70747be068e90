package apis

// Row tables for key-value stores: go-redis (v9 and v8) and sync.Map.

const (
	pkgRedis9 = "github.com/redis/go-redis/v9"
	pkgRedis8 = "github.com/go-redis/redis/v8"
)

func init() {
	for _, pkg := range []string{pkgRedis9, pkgRedis8} {
		register(
			keyRow(pkg, "*", "Exists", Exists, 1), keyRow(pkg, "*", "HExists", Exists, 1),
			keyRow(pkg, "*", "SIsMember", Exists, 1),
			keyRow(pkg, "*", "Get", Read, 1), keyRow(pkg, "*", "HGet", Read, 1),
			keyRow(pkg, "*", "Set", Insert, 1), keyRow(pkg, "*", "SetEx", Insert, 1),
			keyRow(pkg, "*", "HSet", Insert, 1), keyRow(pkg, "*", "HMSet", Insert, 1),
			keyRow(pkg, "*", "SAdd", Insert, 1),
			keyRow(pkg, "*", "SetNX", CondInsert, 1), keyRow(pkg, "*", "HSetNX", CondInsert, 1),
			// SetArgs may carry Mode "NX"; not knowing, assume the atomic form.
			keyRow(pkg, "*", "SetArgs", CondInsert, 1),
			// Counters and lists: each call adds to what the key holds, so
			// running it twice adds twice.
			keyRow(pkg, "*", "Incr", Update, 1), keyRow(pkg, "*", "IncrBy", Update, 1),
			keyRow(pkg, "*", "IncrByFloat", Update, 1), keyRow(pkg, "*", "Decr", Update, 1),
			keyRow(pkg, "*", "DecrBy", Update, 1), keyRow(pkg, "*", "HIncrBy", Update, 1),
			keyRow(pkg, "*", "HIncrByFloat", Update, 1), keyRow(pkg, "*", "ZIncrBy", Update, 1),
			keyRow(pkg, "*", "LPush", Update, 1), keyRow(pkg, "*", "RPush", Update, 1),
			keyRow(pkg, "*", "Del", Delete, 1),
		)
	}
	register(
		keyRow("sync", "Map", "Load", Exists, 0),
		keyRow("sync", "Map", "Store", Insert, 0),
		keyRow("sync", "Map", "LoadOrStore", CondInsert, 0),
		keyRow("sync", "Map", "LoadAndDelete", CondInsert, 0),
		keyRow("sync", "Map", "CompareAndSwap", CondInsert, 0),
		keyRow("sync", "Map", "Swap", CondInsert, 0),
		keyRow("sync", "Map", "Delete", Delete, 0),
	)
}

// IsRedis reports whether pkg is a go-redis client package.
func IsRedis(pkg string) bool { return pkg == pkgRedis9 || pkg == pkgRedis8 }
