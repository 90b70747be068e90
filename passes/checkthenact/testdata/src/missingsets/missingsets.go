package missingsets

import (
	"context"
	"database/sql"
	"errors"
	"strings"
)

// Tags are found by name in one read and the missing ones created.

type Tag struct {
	ID   int64
	Name string
}

func findTags(ctx context.Context, db *sql.DB, names []string) ([]Tag, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, name FROM tags WHERE name = ANY($1)`, names)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var tags []Tag
	for rows.Next() {
		var t Tag
		if err := rows.Scan(&t.ID, &t.Name); err != nil {
			return nil, err
		}
		tags = append(tags, t)
	}
	return tags, rows.Err()
}

func insertTag(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO tags (name) VALUES ($1)`, name)
	return err
}

func insertTagIfAbsent(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO tags (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, name)
	return err
}

func insertTags(ctx context.Context, db *sql.DB, names []string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO tags (name) SELECT unnest($1::text[])`, names)
	return err
}

func tagPost(ctx context.Context, db *sql.DB, postID int64, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO post_tags (post_id, tag) VALUES ($1, $2)`, postID, name)
	return err
}

// The found names are deleted from the set of requested ones, and what
// is left is inserted one by one: two posts with one new tag both insert it.
func EnsureTags(ctx context.Context, db *sql.DB, names []string) error {
	found, err := findTags(ctx, db, names) // want `check-then-act race: the list read here finds which names exist`
	if err != nil {
		return err
	}
	missing := map[string]bool{}
	for _, n := range names {
		missing[n] = true
	}
	for _, t := range found {
		delete(missing, t.Name)
	}
	for n := range missing {
		if err := insertTag(ctx, db, n); err != nil {
			return err
		}
	}
	return nil
}

// The same, the missing names gathered into one batch insert.
func EnsureTagsBatch(ctx context.Context, db *sql.DB, names []string) error {
	found, err := findTags(ctx, db, names) // want `check-then-act race: the list read here finds which names exist`
	if err != nil {
		return err
	}
	missing := map[string]struct{}{}
	for _, n := range names {
		missing[n] = struct{}{}
	}
	for _, t := range found {
		delete(missing, t.Name)
	}
	var toCreate []string
	for n := range missing {
		toCreate = append(toCreate, strings.TrimSpace(n))
	}
	if len(toCreate) == 0 {
		return nil
	}
	return insertTags(ctx, db, toCreate)
}

// The found names kept in a set; each requested name is looked up.
func EnsureTagsLookup(ctx context.Context, db *sql.DB, names []string) error {
	found, err := findTags(ctx, db, names) // want `check-then-act race: the list read here finds which names exist`
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, t := range found {
		have[t.Name] = true
	}
	for _, n := range names {
		if !have[n] {
			if err := insertTag(ctx, db, n); err != nil {
				return err
			}
		}
	}
	return nil
}

// Near miss: the missing names are inserted with ON CONFLICT DO NOTHING;
// the read only saves statements.
func EnsureTagsIfAbsent(ctx context.Context, db *sql.DB, names []string) error {
	found, err := findTags(ctx, db, names)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, t := range found {
		have[t.Name] = true
	}
	for _, n := range names {
		if !have[n] {
			if err := insertTagIfAbsent(ctx, db, n); err != nil {
				return err
			}
		}
	}
	return nil
}

// Near miss: the insert runs for the names found, into another table
// (the post's links to existing tags); nothing is created for a missing
// one.
func LinkExisting(ctx context.Context, db *sql.DB, postID int64, names []string) error {
	found, err := findTags(ctx, db, names)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, t := range found {
		have[t.Name] = true
	}
	for _, n := range names {
		if have[n] {
			if err := tagPost(ctx, db, postID, n); err != nil {
				return err
			}
		}
	}
	return nil
}

// Near miss: every requested name is inserted whatever the read found;
// the read is for the response.
func CountKnown(ctx context.Context, db *sql.DB, names []string) (int, error) {
	found, err := findTags(ctx, db, names)
	if err != nil {
		return 0, err
	}
	have := map[string]bool{}
	for _, t := range found {
		have[t.Name] = true
	}
	known := 0
	for _, n := range names {
		if have[n] {
			known++
		}
	}
	return known, nil
}

// Near miss: the missing names are created in a transaction that first
// takes an advisory lock on the tag namespace: the second caller waits,
// and reads after the first committed.
func EnsureTagsLocked(ctx context.Context, db *sql.DB, names []string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(42)`); err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, name FROM tags WHERE name = ANY($1)`, names)
	if err != nil {
		return err
	}
	var found []Tag
	for rows.Next() {
		var t Tag
		if err := rows.Scan(&t.ID, &t.Name); err != nil {
			return err
		}
		found = append(found, t)
	}
	rows.Close()
	missing := map[string]bool{}
	for _, n := range names {
		missing[n] = true
	}
	for _, t := range found {
		delete(missing, t.Name)
	}
	for n := range missing {
		if _, err := tx.ExecContext(ctx, `INSERT INTO tags (name) VALUES ($1)`, n); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// retryOn runs fn again, up to three times, while retryable says its
// error is worth it.
func retryOn(retryable func(error) bool, fn func() error) error {
	var err error
	for range 3 {
		if err = fn(); err == nil || !retryable(err) {
			return err
		}
	}
	return err
}

func isDuplicateKeyError(err error) bool {
	return err != nil && strings.Contains(err.Error(), "duplicate key")
}

// Near miss: the read and the inserts run again when an insert hits the
// unique key; the retry reads the tag the other caller committed.
func EnsureTagsRetried(ctx context.Context, db *sql.DB, names []string) error {
	return retryOn(isDuplicateKeyError, func() error {
		found, err := findTags(ctx, db, names)
		if err != nil {
			return err
		}
		have := map[string]bool{}
		for _, t := range found {
			have[t.Name] = true
		}
		for _, n := range names {
			if !have[n] {
				if err := insertTag(ctx, db, n); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// The same loop retried on any error but a unique violation is the race.
func EnsureTagsRetriedOnTimeout(ctx context.Context, db *sql.DB, names []string) error {
	return retryOn(isTimeout, func() error {
		found, err := findTags(ctx, db, names) // want `check-then-act race: the list read here finds which names exist`
		if err != nil {
			return err
		}
		have := map[string]bool{}
		for _, t := range found {
			have[t.Name] = true
		}
		for _, n := range names {
			if !have[n] {
				if err := insertTag(ctx, db, n); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

func isTimeout(err error) bool {
	return err != nil && strings.Contains(err.Error(), "timeout")
}

// chunk splits a batch into slices of at most n.
func chunk(batch []string, n int) [][]string {
	var out [][]string
	for len(batch) > n {
		out = append(out, batch[:n])
		batch = batch[n:]
	}
	return append(out, batch)
}

// The found names are deleted from the set still to insert; each
// requested name is looked up there, and the ones left go into chunked
// batch inserts.
func ImportTags(ctx context.Context, db *sql.DB, names []string) error {
	toInsert := map[string]string{}
	for _, n := range names {
		toInsert[n] = strings.ToLower(n)
	}
	found, err := findTags(ctx, db, names) // want `check-then-act race: the list read here finds which names exist`
	if err != nil {
		return err
	}
	for _, t := range found {
		delete(toInsert, t.Name)
	}
	var batch []string
	for _, n := range names {
		slug, ok := toInsert[n]
		if !ok {
			continue
		}
		batch = append(batch, slug)
	}
	for _, c := range chunk(batch, 100) {
		if err := insertTags(ctx, db, c); err != nil {
			return err
		}
	}
	return nil
}

// Near miss: the names deleted from the set are the ones the read found,
// and only they are linked to the post; nothing is inserted into the
// tags table for a name not found.
func LinkFound(ctx context.Context, db *sql.DB, postID int64, names []string) error {
	unknown := map[string]bool{}
	for _, n := range names {
		unknown[n] = true
	}
	found, err := findTags(ctx, db, names)
	if err != nil {
		return err
	}
	for _, t := range found {
		delete(unknown, t.Name)
	}
	for _, n := range names {
		if unknown[n] {
			continue
		}
		if err := tagPost(ctx, db, postID, n); err != nil {
			return err
		}
	}
	return nil
}

// tagRow is the parameter row of a batch insert into tags.
type tagRow struct {
	Name      string
	Workspace int64
}

func insertTagRows(ctx context.Context, tx *sql.Tx, rows []tagRow) error {
	for _, r := range rows {
		if _, err := tx.ExecContext(ctx, `INSERT INTO tags (name, workspace) VALUES ($1, $2)`, r.Name, r.Workspace); err != nil {
			return err
		}
	}
	return nil
}

func inTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// The names not found are gathered, and the transaction maps each of
// them to the insert's parameter rows: the batch inserted is built from
// the missing names, one element each.
func AddTagsMapped(ctx context.Context, db *sql.DB, workspace int64, names []string) error {
	found, err := findTags(ctx, db, names) // want `check-then-act race: the list read here finds which names exist`
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, t := range found {
		have[t.Name] = true
	}
	var toAdd []Tag
	for _, n := range names {
		if !have[n] {
			toAdd = append(toAdd, Tag{Name: n})
		}
	}
	if len(toAdd) == 0 {
		return nil
	}
	return inTx(ctx, db, func(tx *sql.Tx) error {
		rows := make([]tagRow, 0, len(toAdd))
		for _, t := range toAdd {
			rows = append(rows, tagRow{Name: strings.ToLower(t.Name), Workspace: workspace})
		}
		return insertTagRows(ctx, tx, rows)
	})
}

// Near miss: the names not found are refused; the rows mapped and
// inserted are copies of the tags found, into another workspace, so
// nothing the read missed is created.
func CopyTagsMapped(ctx context.Context, db *sql.DB, workspace int64, names []string) error {
	found, err := findTags(ctx, db, names)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, t := range found {
		have[t.Name] = true
	}
	var unknown []string
	for _, n := range names {
		if !have[n] {
			unknown = append(unknown, n)
		}
	}
	if len(unknown) > 0 {
		return errors.New("unknown tags: " + strings.Join(unknown, ", "))
	}
	return inTx(ctx, db, func(tx *sql.Tx) error {
		rows := make([]tagRow, 0, len(found))
		for _, t := range found {
			rows = append(rows, tagRow{Name: t.Name, Workspace: workspace})
		}
		return insertTagRows(ctx, tx, rows)
	})
}

// Every requested name starts as a placeholder with no id; the read
// fills in the ids it finds, and the names still without one are
// created.
func ImportTagIDs(ctx context.Context, db *sql.DB, names []string) (map[string]*int64, error) {
	ids := map[string]*int64{}
	for _, n := range names {
		ids[n] = nil
	}
	found, err := findTags(ctx, db, names) // want `check-then-act race: the list read here finds which names exist`
	if err != nil {
		return nil, err
	}
	for _, t := range found {
		ids[t.Name] = &t.ID
	}
	for name, id := range ids {
		if id != nil {
			continue
		}
		if err := insertTag(ctx, db, name); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// Near miss: the same placeholders, but a name still without an id is
// refused; the names with one are linked to the post.
func LinkTagIDs(ctx context.Context, db *sql.DB, postID int64, names []string) error {
	ids := map[string]*int64{}
	for _, n := range names {
		ids[n] = nil
	}
	found, err := findTags(ctx, db, names)
	if err != nil {
		return err
	}
	for _, t := range found {
		ids[t.Name] = &t.ID
	}
	for name, id := range ids {
		if id == nil {
			return errors.New("unknown tag " + name)
		}
		if err := tagPost(ctx, db, postID, name); err != nil {
			return err
		}
	}
	return nil
}

// Taxonomy is known only by its interface; its lookup names the rows and
// the key they are found by, with no verb.
type Taxonomy interface {
	TagsBySlug(ctx context.Context, slugs []string) ([]Tag, error)
	CreateTags(ctx context.Context, tags []Tag) error
	InsertTagsSkippingExisting(ctx context.Context, tags []Tag) error
}

// The tags not found among the slugs are created in one batch: two
// listings with one new tag both create it.
func TagListing(ctx context.Context, tax Taxonomy, slugs []string) error {
	existing, err := tax.TagsBySlug(ctx, slugs) // want `check-then-act race: the list read here finds which names exist`
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, t := range existing {
		have[t.Name] = true
	}
	var missing []Tag
	for _, s := range slugs {
		if !have[s] {
			missing = append(missing, Tag{Name: s})
		}
	}
	return tax.CreateTags(ctx, missing)
}

// Near miss: the store's insert says it skips the rows already there.
func TagListingSkipping(ctx context.Context, tax Taxonomy, slugs []string) error {
	existing, err := tax.TagsBySlug(ctx, slugs)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, t := range existing {
		have[t.Name] = true
	}
	var missing []Tag
	for _, s := range slugs {
		if !have[s] {
			missing = append(missing, Tag{Name: s})
		}
	}
	return tax.InsertTagsSkippingExisting(ctx, missing)
}
