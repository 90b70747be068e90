package fixesbun

import "github.com/uptrace/bun"

// Account is the table accounts (bun's plural): email is unique.
type Account struct {
	bun.BaseModel
	ID    int64  `bun:",pk,autoincrement"`
	Email string `bun:",unique"`
}

// Membership names its table, and is unique on (team_id, user_id).
type Membership struct {
	bun.BaseModel `bun:"table:team_members,alias:tm"`
	TeamID        int64 `bun:",unique:team_user"`
	UserID        int64 `bun:"user_id,unique:team_user"`
}

// Visit has no unique key but its id.
type Visit struct {
	bun.BaseModel `bun:"table:visits"`
	ID            int64 `bun:",pk"`
	Path          string
}
