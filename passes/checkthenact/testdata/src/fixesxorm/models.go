package fixesxorm

// The models xorm's Sync creates the tables from: their tags are the
// schema. The engine's mapper names the tables and columns (user_account,
// repo_star); a quoted name in the tag overrides it.

// UserAccount's email is unique.
type UserAccount struct {
	Id    int64
	Email string `xorm:"VARCHAR(255) NOT NULL UNIQUE"`
}

// RepoStar is unique on (uid, repo_id) together.
type RepoStar struct {
	Id     int64
	UID    int64 `xorm:"'uid' UNIQUE(s)"`
	RepoID int64 `xorm:"UNIQUE(s)"`
}

// Follow names its table: follows.
type Follow struct {
	UserID   int64 `xorm:"UNIQUE(follow)"`
	FollowID int64 `xorm:"UNIQUE(follow)"`
}

func (Follow) TableName() string { return "follows" }

// Watch has only an index on (uid, repo_id), not a unique one.
type Watch struct {
	Id     int64
	UID    int64 `xorm:"'uid' INDEX(w)"`
	RepoID int64 `xorm:"INDEX(w)"`
}

// Snapshot's Id is no column (xorm:"-"), so not its key either.
type Snapshot struct {
	Id   int64 `xorm:"-"`
	Name string
}
