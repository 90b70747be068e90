package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/service/bookings"
	"example.com/fleet6/internal/service/drivers"
	"example.com/fleet6/internal/service/shipments"
)

func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, name), 10, 64)
	if err != nil {
		return 0, errBadRequest
	}
	return id, nil
}

func (s *Server) applyDriver(w http.ResponseWriter, r *http.Request) {
	var in drivers.ApplyInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	app, err := s.Drivers.Apply(r.Context(), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, app)
}

func (s *Server) acceptInvite(w http.ResponseWriter, r *http.Request) {
	var in struct {
		domain.Invite
		Name string `json:"name"`
	}
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	d, err := s.Drivers.AcceptInvite(r.Context(), in.Invite, in.Name)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

func (s *Server) subscribeTracking(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "shipmentID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.Shipments.SubscribeSMS(r.Context(), id, r.URL.Query().Get("phone")); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) createShipment(w http.ResponseWriter, r *http.Request) {
	var in shipments.CreateInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	sh, err := s.Shipments.Create(r.Context(), merchantFrom(r.Context()), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, sh)
}

func (s *Server) createShipmentKeyed(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		writeError(w, r, errMissingKey)
		return
	}
	var in shipments.CreateInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	status, body, err := s.Shipments.CreateIdempotent(r.Context(), merchantFrom(r.Context()), key, in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func (s *Server) createShipmentV2(w http.ResponseWriter, r *http.Request) {
	var in shipments.CreateInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	status, body, err := s.Shipments.CreateWithKey(r.Context(), merchantFrom(r.Context()), r.Header.Get("Idempotency-Key"), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func (s *Server) checkout(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "shipmentID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var in struct {
		CustomerRef string `json:"customer_ref"`
		Stored      bool   `json:"stored_card"`
	}
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if in.Stored {
		err = s.Shipments.Prepay(r.Context(), id, in.CustomerRef)
	} else {
		err = s.Shipments.Checkout(r.Context(), id, in.CustomerRef)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) delivered(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "shipmentID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if r.URL.Query().Get("source") == "dispatcher" {
		err = s.Shipments.ConfirmDelivered(r.Context(), id)
	} else {
		err = s.Shipments.CompleteDelivery(r.Context(), id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type bookingRequest struct {
	CustomerID  string    `json:"customer_id"`
	DockID      int64     `json:"dock_id"`
	Slot        time.Time `json:"slot"`
	ClientRef   string    `json:"client_ref"`
	AmountCents int64     `json:"amount_cents"`
	Email       string    `json:"email"`
	Carrier     bool      `json:"carrier"`
	Confirmed   bool      `json:"confirmed"`
}

func (b bookingRequest) input(merchantID int64) bookings.ReserveInput {
	return bookings.ReserveInput{
		MerchantID: merchantID, CustomerID: b.CustomerID, DockID: b.DockID, Slot: b.Slot,
		ClientRef: b.ClientRef, AmountCents: b.AmountCents, Email: b.Email,
	}
}

func (s *Server) reserveBooking(w http.ResponseWriter, r *http.Request) {
	var req bookingRequest
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	in := req.input(merchantFrom(r.Context()))
	var (
		b   domain.Booking
		err error
	)
	switch {
	case req.Carrier:
		b, err = s.Bookings.ReserveForCarrier(r.Context(), in)
	case req.ClientRef != "" && req.Confirmed:
		b, err = s.Bookings.ConfirmSlot(r.Context(), in)
	case req.ClientRef != "":
		b, err = s.Bookings.RequestSlot(r.Context(), in)
	default:
		b, err = s.Bookings.Reserve(r.Context(), in)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, b)
}

func (s *Server) partnerBooking(w http.ResponseWriter, r *http.Request) {
	var req bookingRequest
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	b, created, err := s.Bookings.CreateFromPartner(r.Context(), req.input(merchantFrom(r.Context())))
	if err != nil {
		writeError(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, b)
}

func (s *Server) cancelBooking(w http.ResponseWriter, r *http.Request) {
	b := bookingFrom(r.Context())
	var err error
	if r.URL.Query().Get("by") == "operator" {
		err = s.Bookings.CancelByOperator(r.Context(), b)
	} else {
		err = s.Bookings.Cancel(r.Context(), b)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) registerEndpoint(w http.ResponseWriter, r *http.Request) {
	var in struct {
		URL string `json:"url"`
	}
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	ep, err := s.Partners.RegisterEndpoint(r.Context(), merchantFrom(r.Context()), in.URL)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ep)
}
