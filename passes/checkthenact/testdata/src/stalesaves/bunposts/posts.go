// Package bunposts edits posts with bun, whose update of a model writes
// every column unless the query names them.
package bunposts

import (
	"context"

	"github.com/uptrace/bun"
)

type Post struct {
	bun.BaseModel `bun:"table:posts"`
	ID            int64
	Title         string
	Views         int64
}

// Retitle writes the whole post back: views counted since the read are
// lost.
func Retitle(ctx context.Context, db *bun.DB, id int64, title string) error {
	p := new(Post)
	if err := db.NewSelect().Model(p).Where("id = ?", id).Scan(ctx); err != nil { // want `lost update: the post row read here is saved whole at line \d+ with every column as read, views among them, which CountView`
		return err
	}
	p.Title = title
	_, err := db.NewUpdate().Model(p).WherePK().Exec(ctx)
	return err
}

// CountView adds to the one column it names.
func CountView(ctx context.Context, db *bun.DB, id int64) error {
	_, err := db.NewUpdate().Model((*Post)(nil)).Set("views = views + 1").Where("id = ?", id).Exec(ctx)
	return err
}

// Near miss: the update names the column it changes.
func RetitleColumn(ctx context.Context, db *bun.DB, id int64, title string) error {
	p := new(Post)
	if err := db.NewSelect().Model(p).Where("id = ?", id).Scan(ctx); err != nil {
		return err
	}
	p.Title = title
	_, err := db.NewUpdate().Model(p).Column("title").WherePK().Exec(ctx)
	return err
}
