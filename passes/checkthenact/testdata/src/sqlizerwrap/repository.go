// Package sqlizerwrap runs squirrel builders through the repository's own
// wrapper, which renders any Sqlizer with ToSql, rewrites its
// placeholders for pocketbase/dbx and executes it (navidrome's
// sqlRepository): each call is the statement its caller built.
package sqlizerwrap

import (
	"context"
	"fmt"
	"regexp"

	. "github.com/Masterminds/squirrel"
	"github.com/pocketbase/dbx"
)

const annotationTable = "annotation"

type sqlRepository struct {
	ctx       context.Context
	db        dbx.Builder
	tableName string
}

var placeholder = regexp.MustCompile(`\?`)

func (r sqlRepository) toSQL(sq Sqlizer) (string, dbx.Params, error) {
	query, args, err := sq.ToSql()
	if err != nil {
		return "", nil, err
	}
	params := make(dbx.Params, len(args))
	n := 0
	text := placeholder.ReplaceAllStringFunc(query, func(string) string {
		p := fmt.Sprintf("p%d", n)
		params[p] = args[n]
		n++
		return "{:" + p + "}"
	})
	return text, params, nil
}

func (r sqlRepository) executeSQL(sq Sqlizer) (int64, error) {
	query, args, err := r.toSQL(sq)
	if err != nil {
		return 0, err
	}
	var c int64
	res, err := r.db.NewQuery(query).Bind(args).WithContext(r.ctx).Execute()
	if res != nil {
		c, _ = res.RowsAffected()
	}
	return c, err
}

// Two first plays of a track both update no row and both insert.
func (r sqlRepository) IncPlayCount(user, item string) error {
	upd := Update(annotationTable).Where(Eq{"user_id": user, "item_id": item}).Set("play_count", Expr("play_count+1"))
	c, err := r.executeSQL(upd) // want `update-else-insert race: when the update of annotation changes no row`
	if c == 0 {
		ins := Insert(annotationTable).SetMap(map[string]interface{}{"user_id": user, "item_id": item, "play_count": 1})
		_, err = r.executeSQL(ins)
	}
	return err
}

// Near miss: what the "no row" branch inserts goes to another table.
func (r sqlRepository) IncPlayCountLogged(user, item string) error {
	upd := Update(annotationTable).Where(Eq{"user_id": user, "item_id": item}).Set("play_count", Expr("play_count+1"))
	c, err := r.executeSQL(upd)
	if c == 0 {
		ins := Insert("unknown_plays").SetMap(map[string]interface{}{"user_id": user, "item_id": item})
		_, err = r.executeSQL(ins)
	}
	return err
}

// Near miss: the insert is the one-step upsert.
func (r sqlRepository) IncPlayCountUpserted(user, item string) error {
	upd := Update(annotationTable).Where(Eq{"user_id": user, "item_id": item}).Set("play_count", Expr("play_count+1"))
	c, err := r.executeSQL(upd)
	if c == 0 {
		ins := Insert(annotationTable).SetMap(map[string]interface{}{"user_id": user, "item_id": item, "play_count": 1}).
			Suffix("ON CONFLICT (user_id, item_id) DO UPDATE SET play_count = annotation.play_count + 1")
		_, err = r.executeSQL(ins)
	}
	return err
}

// Each repository embeds sqlRepository and names its own table in its
// constructor.
type propertyRepository struct{ sqlRepository }

func NewPropertyRepository(ctx context.Context, db dbx.Builder) *propertyRepository {
	r := &propertyRepository{}
	r.ctx, r.db = ctx, db
	r.tableName = "property"
	return r
}

type settingRepository struct{ sqlRepository }

func NewSettingRepository(ctx context.Context, db dbx.Builder) *settingRepository {
	r := &settingRepository{}
	r.ctx, r.db = ctx, db
	r.tableName = "setting"
	return r
}

// The table is the one the constructor of the receiver's type names.
func (r *propertyRepository) Put(id, value string) error {
	upd := Update(r.tableName).Set("value", value).Where(Eq{"id": id})
	c, err := r.executeSQL(upd) // want `update-else-insert race: when the update of property changes no row`
	if err != nil || c > 0 {
		return err
	}
	_, err = r.executeSQL(Insert(r.tableName).Columns("id", "value").Values(id, value))
	return err
}

// Near miss: a setting's table is its own; what the "no row" branch
// inserts into is the property table, another one.
func (r *settingRepository) PutOrRecord(id, value string) error {
	upd := Update(r.tableName).Set("value", value).Where(Eq{"id": id})
	c, err := r.executeSQL(upd)
	if err != nil || c > 0 {
		return err
	}
	_, err = r.executeSQL(Insert("property").Columns("id", "value").Values(id, value))
	return err
}

// The columns set in a loop over a map: the chain goes on through the
// loop's join, and two first stars both update nothing and both insert.
func (r sqlRepository) SetStar(user, item string, values map[string]interface{}) error {
	upd := Update(annotationTable).Where(Eq{"user_id": user, "item_id": item})
	for k, v := range values {
		upd = upd.Set(k, v)
	}
	c, err := r.executeSQL(upd) // want `update-else-insert race: when the update of annotation changes no row`
	if c == 0 {
		_, err = r.executeSQL(Insert(annotationTable).SetMap(map[string]interface{}{"user_id": user, "item_id": item}))
	}
	return err
}

// Near miss: the same loop, and the "no row" branch records the miss in
// another table.
func (r sqlRepository) SetStarLogged(user, item string, values map[string]interface{}) error {
	upd := Update(annotationTable).Where(Eq{"user_id": user, "item_id": item})
	for k, v := range values {
		upd = upd.Set(k, v)
	}
	c, err := r.executeSQL(upd)
	if c == 0 {
		_, err = r.executeSQL(Insert("unknown_stars").SetMap(map[string]interface{}{"user_id": user, "item_id": item}))
	}
	return err
}
