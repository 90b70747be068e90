package shipments

import (
	"context"
	"fmt"
	"time"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/effects"
	"example.com/fleet6/internal/repo"
)

// CompleteDelivery is called when the driver swipes "delivered". It releases
// the escrowed driver fee.
func (s *Service) CompleteDelivery(ctx context.Context, shipmentID int64) error {
	sh, err := s.Shipments.Get(ctx, shipmentID)
	if err != nil {
		return fmt.Errorf("complete delivery: %w", err)
	}
	if sh.Status == domain.ShipmentDelivered {
		return nil
	}
	if err := s.releaseEscrow(ctx, sh); err != nil {
		return fmt.Errorf("complete delivery: %w", err)
	}
	return s.Shipments.SetStatus(ctx, sh.ID, domain.ShipmentDelivered)
}

func (s *Service) releaseEscrow(ctx context.Context, sh domain.Shipment) error {
	if sh.EscrowCents == 0 || sh.DriverID == 0 {
		return nil
	}
	acct, err := s.Payouts.AccountRef(ctx, sh.DriverID)
	if err != nil {
		return err
	}
	_, err = s.Provider.Transfer(ctx, effects.TransferRequest{
		AccountRef:  acct,
		AmountCents: sh.EscrowCents,
		Currency:    "EUR",
	})
	return err
}

// ConfirmDelivered is the dispatcher-side confirmation. The escrow release
// is queued in escrow_releases and paid by the payouts worker.
func (s *Service) ConfirmDelivered(ctx context.Context, shipmentID int64) error {
	err := s.Shipments.UpdateLocked(ctx, shipmentID, func(sh *domain.Shipment, tx repo.ShipmentTx) error {
		if sh.Status == domain.ShipmentDelivered || sh.Status == domain.ShipmentCancelled {
			return nil
		}
		sh.Status = domain.ShipmentDelivered
		return tx.QueueEscrowRelease(ctx, sh.ID, sh.DriverID, sh.EscrowCents)
	})
	if err != nil {
		return fmt.Errorf("confirm delivered: %w", err)
	}
	return nil
}

// AttachProof stores the photo and signature the driver app uploads.
func (s *Service) AttachProof(ctx context.Context, shipmentID int64, photoURL, signedBy string) error {
	pod := domain.ProofOfDelivery{ShipmentID: shipmentID, PhotoURL: photoURL, SignedBy: signedBy, CreatedAt: time.Now().UTC()}
	if err := s.Bus.Publish(ctx, "shipments.delivered", pod); err != nil {
		return fmt.Errorf("attach proof: %w", err)
	}
	if _, err := s.Proofs.Save(ctx, &pod); err != nil {
		return fmt.Errorf("attach proof: %w", err)
	}
	return nil
}

// UploadProof is the same for carrier partners that post POD over the API.
func (s *Service) UploadProof(ctx context.Context, shipmentID int64, photoURL, signedBy string) error {
	pod := domain.ProofOfDelivery{ShipmentID: shipmentID, PhotoURL: photoURL, SignedBy: signedBy, CreatedAt: time.Now().UTC()}
	created, err := s.Proofs.Save(ctx, &pod)
	if err != nil {
		return fmt.Errorf("upload proof: %w", err)
	}
	if !created {
		return nil
	}
	if err := s.Bus.Publish(ctx, "shipments.pod_received", pod); err != nil {
		s.Log.WarnContext(ctx, "publish pod", "shipment", shipmentID, "err", err)
	}
	return nil
}
