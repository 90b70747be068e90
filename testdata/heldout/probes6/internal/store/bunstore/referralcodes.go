package bunstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"example.com/fleet6/internal/domain"
)

type ReferralCodes struct{ DB *bun.DB }

// Reserve gives a vanity referral code to a driver, unless someone in the
// merchant already holds it.
func (s ReferralCodes) Reserve(ctx context.Context, merchantID int64, code string, ownerID int64) (domain.ReferralCode, error) {
	out := domain.ReferralCode{MerchantID: merchantID, Code: code, OwnerID: ownerID}
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var existing referralCodeRow
		err := tx.NewSelect().Model(&existing).
			Where("merchant_id = ? AND code = ?", merchantID, code).
			For("UPDATE").
			Scan(ctx)
		if err == nil {
			if existing.OwnerID == ownerID {
				out.ID = existing.ID
				return nil
			}
			return fmt.Errorf("code %q: %w", code, domain.ErrConflict)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		row := referralCodeRow{MerchantID: merchantID, Code: code, OwnerID: ownerID}
		if _, err := tx.NewInsert().Model(&row).Returning("id").Exec(ctx); err != nil {
			return err
		}
		out.ID = row.ID
		return nil
	})
	if err != nil {
		return domain.ReferralCode{}, fmt.Errorf("reserve referral code: %w", err)
	}
	return out, nil
}

// Rotate replaces the driver's generated code.
func (s ReferralCodes) Rotate(ctx context.Context, merchantID int64, code string, ownerID int64) (domain.ReferralCode, error) {
	out := domain.ReferralCode{MerchantID: merchantID, Code: code, OwnerID: ownerID}
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var m merchantRow
		if err := tx.NewSelect().Model(&m).Where("id = ?", merchantID).For("UPDATE").Scan(ctx); err != nil {
			return fmt.Errorf("lock merchant %d: %w", merchantID, err)
		}
		taken, err := tx.NewSelect().Model((*referralCodeRow)(nil)).
			Where("merchant_id = ? AND code = ?", merchantID, code).
			Exists(ctx)
		if err != nil {
			return err
		}
		if taken {
			return fmt.Errorf("code %q: %w", code, domain.ErrConflict)
		}
		if _, err := tx.NewDelete().Model((*referralCodeRow)(nil)).
			Where("merchant_id = ? AND owner_id = ?", merchantID, ownerID).
			Exec(ctx); err != nil {
			return err
		}
		row := referralCodeRow{MerchantID: merchantID, Code: code, OwnerID: ownerID}
		if _, err := tx.NewInsert().Model(&row).Returning("id").Exec(ctx); err != nil {
			return err
		}
		out.ID = row.ID
		return nil
	})
	if err != nil {
		return domain.ReferralCode{}, fmt.Errorf("rotate referral code: %w", err)
	}
	return out, nil
}
