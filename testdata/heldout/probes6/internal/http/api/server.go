// Package api is the public merchant and driver-app HTTP API (chi).
package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"example.com/fleet6/internal/repo"
	"example.com/fleet6/internal/service/bookings"
	"example.com/fleet6/internal/service/drivers"
	"example.com/fleet6/internal/service/partners"
	"example.com/fleet6/internal/service/shipments"
)

type Server struct {
	Drivers   *drivers.Service
	Shipments *shipments.Service
	Bookings  *bookings.Service
	Partners  *partners.Service

	BookingRepo repo.Bookings
	Keys        repo.IdempotencyKeys
	Log         *slog.Logger
}

func (s *Server) Routes() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.RealIP, middleware.Recoverer)
	r.Use(middleware.Timeout(20 * time.Second))

	r.Route("/v1", func(r chi.Router) {
		r.Post("/drivers/applications", s.applyDriver)
		r.Post("/drivers/invites/accept", s.acceptInvite)
		r.Get("/tracking/{shipmentID}/subscribe", s.subscribeTracking)

		r.Group(func(r chi.Router) {
			r.Use(s.authMerchant, s.quota)
			r.Post("/shipments", s.createShipment)
			r.With(s.replay).Post("/shipments/keyed", s.createShipmentKeyed)
			r.Post("/shipments/{shipmentID}/checkout", s.checkout)
			r.Post("/shipments/{shipmentID}/delivered", s.delivered)
			r.Post("/bookings", s.reserveBooking)
			r.Post("/partner/bookings", s.partnerBooking)
			r.With(s.loadBooking).Post("/bookings/{bookingID}/cancel", s.cancelBooking)
			r.Post("/webhook-endpoints", s.registerEndpoint)
		})
	})
	r.Route("/v2", func(r chi.Router) {
		r.Use(s.authMerchant, s.quota)
		r.With(s.replayScoped).Post("/shipments", s.createShipmentV2)
	})
	return r
}
