package apis

import "strings"

// Redis commands: go-redis names a method after each command (SetNX), and
// redigo and rueidis name the command in the call (conn.Do("SETNX", k, v),
// client.B().Setnx().Key(k)...). One table of commands serves all three.

const (
	pkgRedigo       = "github.com/gomodule/redigo/redis"
	pkgRedigoLegacy = "github.com/garyburd/redigo/redis"
	pkgRueidis      = "github.com/redis/rueidis"
)

var redisCommands = map[string]Kind{
	"EXISTS": Exists, "HEXISTS": Exists, "SISMEMBER": Exists,
	"GET": Read, "HGET": Read, "HGETALL": Read, "HMGET": Read,
	"SET": Insert, "SETEX": Insert, "PSETEX": Insert, "HSET": Insert, "HMSET": Insert, "SADD": Insert,
	// Each of these answers whether it wrote: the caller that wins is told.
	"SETNX": CondInsert, "HSETNX": CondInsert, "GETSET": CondInsert, "GETDEL": CondInsert,
	// Counters and lists: each call adds to what the key holds, so running
	// it twice adds twice.
	"INCR": Update, "INCRBY": Update, "INCRBYFLOAT": Update, "DECR": Update, "DECRBY": Update,
	"HINCRBY": Update, "HINCRBYFLOAT": Update, "ZINCRBY": Update, "LPUSH": Update, "RPUSH": Update,
	"DEL": Delete, "UNLINK": Delete,
}

// RedisCommandKind returns what the redis command name (any case) does
// to its key. flags are the command's option words: SET with NX writes
// only an absent key and says whether it did, SET with XX only an
// existing one.
func RedisCommandKind(name string, flags ...string) Kind {
	kind := redisCommands[strings.ToUpper(name)]
	if kind == Insert {
		for _, f := range flags {
			switch strings.ToUpper(f) {
			case "NX":
				return CondInsert
			case "XX":
				return Update
			}
		}
	}
	return kind
}

// IsRedisCommandBuilder reports whether pkg declares the builders a redis
// client's commands are built with (rueidis's internal/cmds).
func IsRedisCommandBuilder(pkg string) bool { return strings.HasPrefix(pkg, pkgRueidis+"/") }

// commandRow is a call that sends the redis command named at argument
// commandArg.
func commandRow(pkg, recv, name string, commandArg int) Method {
	m := row(pkg, recv, name, FromCommand)
	m.CommandArg = commandArg
	return m
}

func init() {
	for _, pkg := range []string{pkgRedigo, pkgRedigoLegacy} {
		register(
			commandRow(pkg, "Conn", "Do", 0),
			commandRow(pkg, "ConnWithContext", "DoContext", 1),
			commandRow(pkg, "ConnWithTimeout", "DoWithTimeout", 1),
			commandRow(pkg, "", "DoContext", 2),
			commandRow(pkg, "", "DoWithTimeout", 2),
		)
	}
	register(
		commandRow(pkgRueidis, "*", "Do", 1),
		commandRow(pkgRueidis, "*", "DoCache", 1),
	)
}
