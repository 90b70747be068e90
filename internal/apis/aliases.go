package apis

// Import paths under which a modelled library's API is served unchanged:
// forks, the path a library had before it moved, and the major version
// before the one the tables describe where its calls read the same. A
// service on pgx v4 or on xorm's old github.com/go-xorm path has the same
// races as one on the current versions, and the tables cover its calls
// without rows of their own. Rows registered under an alias itself (pgx
// v4's BeginFunc methods) take precedence.
var aliasOf = map[string]string{
	"github.com/go-xorm/xorm": pkgXorm, // xorm before xorm.io
	"github.com/xorm-io/xorm": pkgXorm, // the fork casdoor keeps
	pkgPgx4:                   pkgPgx,
	pkgPgxpool4:               pkgPgxpool,
	"github.com/jackc/pgconn": pkgPgconn, // pgx v4's connection layer
}

// canonical returns the path whose rows describe the package at path.
func canonical(path string) string {
	if c, ok := aliasOf[path]; ok {
		return c
	}
	return path
}
