package mysqlstore

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"

	"example.com/shop3/internal/domain"
)

// UserRepo stores users; users has UNIQUE KEY (tenant_id, email).
type UserRepo struct{ *Store }

var userColumns = []string{"id", "tenant_id", "email", "name", "phone", "created_at"}

func scanUser(row sq.RowScanner) (domain.User, error) {
	var u domain.User
	var phone sql.NullString
	err := row.Scan(&u.ID, &u.TenantID, &u.Email, &u.Name, &phone, &u.CreatedAt)
	u.Phone = phone.String
	return u, ignoreNoRows(err)
}

// FindByEmail returns the zero User when there is none.
func (r UserRepo) FindByEmail(ctx context.Context, tenantID int64, email string) (domain.User, error) {
	row := r.sb.Select(userColumns...).From("users").
		Where(sq.Eq{"tenant_id": tenantID, "email": email}).
		RunWith(r.db).QueryRowContext(ctx)
	return scanUser(row)
}

func (r UserRepo) ByID(ctx context.Context, id int64) (domain.User, error) {
	row := r.sb.Select(userColumns...).From("users").Where(sq.Eq{"id": id}).
		RunWith(r.db).QueryRowContext(ctx)
	u, err := scanUser(row)
	if err == nil && u.ID == 0 {
		return u, domain.ErrNotFound
	}
	return u, err
}

func (r UserRepo) Insert(ctx context.Context, u *domain.User) error {
	res, err := r.sb.Insert("users").
		Columns("tenant_id", "email", "name", "phone", "created_at").
		Values(u.TenantID, u.Email, u.Name, u.Phone, sq.Expr("NOW()")).
		RunWith(r.db).ExecContext(ctx)
	if err != nil {
		return mapErr(err)
	}
	u.ID, err = res.LastInsertId()
	return err
}

// InsertIfAbsent inserts the user unless (tenant_id, email) is taken and
// reports whether this call created it.
func (r UserRepo) InsertIfAbsent(ctx context.Context, u *domain.User) (bool, error) {
	res, err := r.sb.Insert("users").Options("IGNORE").
		Columns("tenant_id", "email", "name", "phone", "created_at").
		Values(u.TenantID, u.Email, u.Name, u.Phone, sq.Expr("NOW()")).
		RunWith(r.db).ExecContext(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		return false, err
	}
	u.ID, err = res.LastInsertId()
	return true, err
}
