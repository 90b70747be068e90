package shipments

import (
	"context"
	"fmt"
)

// SubscribeSMS signs a recipient up for SMS tracking updates from the public
// tracking page.
func (s *Service) SubscribeSMS(ctx context.Context, shipmentID int64, phone string) error {
	n, err := s.Subs.Count(ctx, shipmentID, phone)
	if err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}
	if n > 0 {
		return nil
	}
	if err := s.Subs.Create(ctx, shipmentID, phone); err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}
	return s.SMS.Send(ctx, phone, fmt.Sprintf("You'll get updates for shipment #%d. Reply STOP to opt out.", shipmentID))
}
