package statusgate

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

// A shipment whose state a repository loads and saves whole (gorm's Save
// of the record it is handed): the service tests the state, and the act
// and the save sit in helpers two calls down.
type Parcel struct {
	ID     uint
	Email  string
	Status string
}

type ParcelRepo struct{ db *gorm.DB }

func (r *ParcelRepo) Get(ctx context.Context, id uint) (*Parcel, error) {
	var s Parcel
	err := r.db.WithContext(ctx).First(&s, id).Error
	return &s, err
}

func (r *ParcelRepo) Update(ctx context.Context, s *Parcel) error {
	return r.db.WithContext(ctx).Save(s).Error
}

// UpdateIfPending saves the state only over the pending one it expects.
func (r *ParcelRepo) UpdateIfPending(ctx context.Context, s *Parcel) (bool, error) {
	res := r.db.WithContext(ctx).Model(s).Where("status = ?", "pending").Update("status", s.Status)
	return res.RowsAffected == 1, res.Error
}

type ParcelNotifier interface {
	NotifyShipped(ctx context.Context, to string) error
}

type Shipping struct {
	repo   *ParcelRepo
	notify ParcelNotifier
}

var errNotPending = errors.New("shipment not pending")

// Two confirmations both read "pending", both notify, both save.
func (s *Shipping) Ship(ctx context.Context, id uint) error {
	sh, err := s.repo.Get(ctx, id) // want `status-gate race: Status read here is tested, then complete at line \d+ acts and writes the state in separate steps`
	if err != nil {
		return err
	}
	if sh.Status != "pending" {
		return errNotPending
	}
	return s.complete(ctx, sh)
}

func (s *Shipping) complete(ctx context.Context, sh *Parcel) error {
	if err := s.announce(ctx, sh); err != nil {
		return err
	}
	return s.markShipped(ctx, sh)
}

func (s *Shipping) announce(ctx context.Context, sh *Parcel) error {
	return s.notify.NotifyShipped(ctx, sh.Email)
}

func (s *Shipping) markShipped(ctx context.Context, sh *Parcel) error {
	sh.Status = "shipped"
	return s.repo.Update(ctx, sh)
}

// Near miss: the state is saved first, over the pending state only, and
// only the caller whose save took notifies.
func (s *Shipping) ShipOnce(ctx context.Context, id uint) error {
	sh, err := s.repo.Get(ctx, id)
	if err != nil {
		return err
	}
	if sh.Status != "pending" {
		return errNotPending
	}
	sh.Status = "shipped"
	took, err := s.repo.UpdateIfPending(ctx, sh)
	if err != nil || !took {
		return err
	}
	return s.announce(ctx, sh)
}

// Near miss: the helper saves a new audit record, not the shipment read.
type ParcelAudit struct {
	ID       uint
	ParcelID uint
}

func (r *ParcelRepo) Audit(ctx context.Context, a *ParcelAudit) error {
	return r.db.WithContext(ctx).Save(a).Error
}

func (s *Shipping) Recheck(ctx context.Context, id uint) error {
	sh, err := s.repo.Get(ctx, id)
	if err != nil {
		return err
	}
	if sh.Status != "shipped" {
		return nil
	}
	if err := s.announce(ctx, sh); err != nil {
		return err
	}
	return s.repo.Audit(ctx, &ParcelAudit{ParcelID: sh.ID})
}
