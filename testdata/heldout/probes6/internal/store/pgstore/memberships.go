package pgstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/fleet6/internal/domain"
)

type Memberships struct{ Pool *pgxpool.Pool }

func (s Memberships) Add(ctx context.Context, m domain.Membership) (bool, error) {
	tag, err := s.Pool.Exec(ctx,
		`INSERT INTO fleet_memberships (driver_id, fleet_id, role)
		 VALUES ($1, $2, $3)
		 ON CONFLICT (driver_id, fleet_id) DO NOTHING`,
		m.DriverID, m.FleetID, m.Role)
	if err != nil {
		return false, fmt.Errorf("add membership: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}
