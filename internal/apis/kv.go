package apis

// Row tables for key-value stores: go-redis (v9 and v8) and sync.Map;
// redigo and rueidis are in rediscommands.go.

const (
	pkgRedis9 = "github.com/redis/go-redis/v9"
	pkgRedis8 = "github.com/go-redis/redis/v8"
)

func init() {
	// Each method sends the command it is named after (SetNX: SETNX).
	commands := []string{
		"Exists", "HExists", "SIsMember", "Get", "HGet", "HGetAll", "Set", "SetEx", "HSet", "HMSet", "SAdd",
		"SetNX", "HSetNX", "GetSet", "GetDel", "Incr", "IncrBy", "IncrByFloat", "Decr", "DecrBy",
		"HIncrBy", "HIncrByFloat", "ZIncrBy", "LPush", "RPush", "Del", "Unlink",
	}
	for _, pkg := range []string{pkgRedis9, pkgRedis8} {
		for _, name := range commands {
			register(keyRow(pkg, "*", name, RedisCommandKind(name), 1))
		}
		register(
			// SetArgs may carry Mode "NX"; not knowing, assume the atomic form.
			keyRow(pkg, "*", "SetArgs", CondInsert, 1),
			// Do(ctx, "SET", key, value, "NX") names the command in its words.
			commandRow(pkg, "*", "Do", 1),
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

// IsRedis reports whether pkg is a redis client package: go-redis,
// redigo or rueidis.
func IsRedis(pkg string) bool {
	switch pkg {
	case pkgRedis9, pkgRedis8, pkgRedigo, pkgRedigoLegacy, pkgRueidis:
		return true
	}
	return false
}
