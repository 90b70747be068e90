package bunstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"example.com/fleet6/internal/domain"
)

type Approvals struct{ DB *bun.DB }

func (s Approvals) Get(ctx context.Context, driverID int64) (domain.Driver, error) {
	var row driverRow
	err := s.DB.NewSelect().Model(&row).Where("id = ?", driverID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Driver{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.Driver{}, fmt.Errorf("get driver: %w", err)
	}
	return domain.Driver{
		ID: row.ID, FleetID: row.FleetID, Phone: row.Phone, Name: row.Name,
		Status: domain.DriverStatus(row.Status), ApprovedAt: row.ApprovedAt.Time,
	}, nil
}

func (s Approvals) MarkApproved(ctx context.Context, driverID int64, at time.Time) error {
	_, err := s.DB.NewUpdate().Model((*driverRow)(nil)).
		Set("approved_at = ?", at).
		Set("status = ?", domain.DriverApproved).
		Where("id = ?", driverID).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark approved: %w", err)
	}
	return nil
}

func (s Approvals) ApproveIfPending(ctx context.Context, driverID int64, at time.Time) (bool, error) {
	res, err := s.DB.NewUpdate().Model((*driverRow)(nil)).
		Set("approved_at = ?", at).
		Set("status = ?", domain.DriverApproved).
		Where("id = ?", driverID).
		Where("approved_at IS NULL").
		Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("approve if pending: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}
