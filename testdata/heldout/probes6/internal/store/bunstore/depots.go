package bunstore

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"example.com/fleet6/internal/domain"
)

type Depots struct{ DB *bun.DB }

func (s Depots) Exists(ctx context.Context, orgID int64, code string) (bool, error) {
	ok, err := s.DB.NewSelect().Model((*depotRow)(nil)).
		Where("org_id = ?", orgID).
		Where("code = ?", code).
		Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("depot exists: %w", err)
	}
	return ok, nil
}

func (s Depots) Insert(ctx context.Context, d *domain.Depot) error {
	row := depotRow{OrgID: d.OrgID, Code: d.Code, Name: d.Name, Address: d.Address}
	if _, err := s.DB.NewInsert().Model(&row).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("insert depot: %w", err)
	}
	d.ID = row.ID
	return nil
}

type Zones struct{ DB *bun.DB }

// InsertIfAbsent creates the zone unless zones_org_code_key already has it.
func (s Zones) InsertIfAbsent(ctx context.Context, orgID int64, code, name, polygon string) (bool, error) {
	row := zoneRow{OrgID: orgID, Code: code, Name: name, Polygon: polygon}
	res, err := s.DB.NewInsert().Model(&row).
		On("CONFLICT (org_id, code) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("insert zone: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

func (s Zones) Exists(ctx context.Context, orgID int64, code string) (bool, error) {
	return s.DB.NewSelect().Model((*zoneRow)(nil)).
		Where("org_id = ? AND code = ?", orgID, code).
		Exists(ctx)
}

type CarrierLinks struct{ DB *bun.DB }

// LinkCarrier stores the merchant's account number with a carrier;
// carrier_links_merchant_carrier_key allows one account per carrier.
func (s CarrierLinks) LinkCarrier(ctx context.Context, l *domain.CarrierLink) error {
	row := carrierLinkRow{MerchantID: l.MerchantID, Carrier: l.Carrier, AccountNo: l.AccountNo}
	if _, err := s.DB.NewInsert().Model(&row).Returning("id").Exec(ctx); err != nil {
		if isUnique(err) {
			return fmt.Errorf("carrier %s already linked: %w", l.Carrier, domain.ErrAlreadyExists)
		}
		return fmt.Errorf("link carrier: %w", err)
	}
	l.ID = row.ID
	return nil
}

// LinkBroker stores the merchant's customs broker; one per broker.
func (s CarrierLinks) LinkBroker(ctx context.Context, merchantID int64, broker, eori string) error {
	row := brokerLinkRow{MerchantID: merchantID, Broker: broker, EORI: eori}
	if _, err := s.DB.NewInsert().Model(&row).Exec(ctx); err != nil {
		if isUnique(err) {
			return fmt.Errorf("broker %s: %w", broker, domain.ErrAlreadyExists)
		}
		return fmt.Errorf("link broker: %w", err)
	}
	return nil
}
