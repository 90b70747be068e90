package mysqlstore

import (
	"context"

	sq "github.com/Masterminds/squirrel"
)

// Merchant is a seller onboarded from the partner platform;
// merchants has UNIQUE KEY (external_id).
type Merchant struct {
	ID         int64
	ExternalID string
	Name       string
	FeeRef     string
}

type MerchantRepo struct{ *Store }

// ByExternalID returns the zero Merchant when none is onboarded yet.
func (r MerchantRepo) ByExternalID(ctx context.Context, externalID string) (Merchant, error) {
	var m Merchant
	err := r.sb.Select("id", "external_id", "name", "fee_ref").From("merchants").
		Where(sq.Eq{"external_id": externalID}).
		RunWith(r.db).QueryRowContext(ctx).
		Scan(&m.ID, &m.ExternalID, &m.Name, &m.FeeRef)
	return m, ignoreNoRows(err)
}

func (r MerchantRepo) Create(ctx context.Context, m *Merchant) error {
	res, err := r.sb.Insert("merchants").
		Columns("external_id", "name", "fee_ref").
		Values(m.ExternalID, m.Name, m.FeeRef).
		RunWith(r.db).ExecContext(ctx)
	if err != nil {
		return mapErr(err)
	}
	m.ID, err = res.LastInsertId()
	return err
}
