package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"example.com/desk5/internal/service/events"
	"example.com/desk5/internal/store/sqlxstore"
)

func (s *Server) registerForEvent(c *gin.Context) {
	id, ok := int64Param(c, "eventID")
	if !ok {
		return
	}
	var a events.Attendee
	if err := c.ShouldBindJSON(&a); err != nil {
		badRequest(c, err)
		return
	}
	reg, err := s.Events.Register(c, id, a)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, reg)
}

func (s *Server) sponsorGuest(c *gin.Context) {
	id, ok := int64Param(c, "eventID")
	if !ok {
		return
	}
	var a events.Attendee
	if err := c.ShouldBindJSON(&a); err != nil {
		badRequest(c, err)
		return
	}
	reg, err := s.Events.RegisterSponsorGuest(c, id, a)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, reg)
}

func (s *Server) cancelRegistration(c *gin.Context) {
	eventID, ok := int64Param(c, "eventID")
	if !ok {
		return
	}
	regID, ok := int64Param(c, "registrationID")
	if !ok {
		return
	}
	if err := s.Events.CancelRegistration(c, eventID, regID); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Server) resizeEvent(c *gin.Context) {
	id, ok := int64Param(c, "eventID")
	if !ok {
		return
	}
	var body struct {
		Freed int `json:"freed"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	n, err := s.Events.OfferSeatsAfterResize(c, id, body.Freed)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"offered": n})
}

func (s *Server) addSpeaker(c *gin.Context) {
	id, ok := int64Param(c, "eventID")
	if !ok {
		return
	}
	var body struct {
		Email string `json:"email"`
		Name  string `json:"name"`
		Slot  string `json:"slot"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	sp, err := s.Events.AddSpeaker(c, actorFrom(c), id, body.Email, body.Name, body.Slot)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, sp)
}

func (s *Server) ensureEventTag(c *gin.Context) {
	var body struct {
		Name  string `json:"name"`
		Color string `json:"color"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	t, err := s.Events.EnsureTag(c, actorFrom(c), body.Name, body.Color)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, t)
}

func (s *Server) sendBroadcast(c *gin.Context) {
	id, ok := int64Param(c, "broadcastID")
	if !ok {
		return
	}
	n, err := s.Events.SendBroadcast(c, actorFrom(c), id)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"sent": n})
}

func (s *Server) sendLastCall(c *gin.Context) {
	id, ok := int64Param(c, "broadcastID")
	if !ok {
		return
	}
	n, err := s.Events.SendLastCallBroadcast(c, actorFrom(c), id)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"sent": n})
}

type checkoutBody struct {
	Buyer        events.Attendee   `json:"buyer"`
	Guests       []events.Attendee `json:"guests"`
	PaymentToken string            `json:"payment_token"`
	Coupon       string            `json:"coupon"`
}

func (s *Server) runCheckout(c *gin.Context, fn func(context.Context, events.CheckoutRequest) (sqlxstore.Order, error)) {
	id, ok := int64Param(c, "eventID")
	if !ok {
		return
	}
	var body checkoutBody
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	order, err := fn(c, events.CheckoutRequest{
		IdempotencyKey: c.GetHeader("Idempotency-Key"),
		EventID:        id,
		Buyer:          body.Buyer,
		Guests:         body.Guests,
		PaymentToken:   body.PaymentToken,
		Coupon:         body.Coupon,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, order)
}

func (s *Server) checkout(c *gin.Context)            { s.runCheckout(c, s.Events.BuyTickets) }
func (s *Server) groupCheckout(c *gin.Context)       { s.runCheckout(c, s.Events.BuyGroupTickets) }
func (s *Server) workshopCheckout(c *gin.Context)    { s.runCheckout(c, s.Events.CheckoutWorkshop) }
func (s *Server) masterclassCheckout(c *gin.Context) { s.runCheckout(c, s.Events.CheckoutMasterclass) }
