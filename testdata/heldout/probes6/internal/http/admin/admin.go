// Package admin is the back-office API used by fleet managers and support
// (gin), plus the inbound carrier webhooks.
package admin

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/service/billing"
	"example.com/fleet6/internal/service/coupons"
	"example.com/fleet6/internal/service/customers"
	"example.com/fleet6/internal/service/dispatch"
	"example.com/fleet6/internal/service/drivers"
	"example.com/fleet6/internal/service/fleet"
	"example.com/fleet6/internal/service/partners"
	"example.com/fleet6/internal/service/payouts"
	"example.com/fleet6/internal/service/referrals"
	"example.com/fleet6/internal/service/wallet"
)

type Handler struct {
	Drivers   *drivers.Service
	Fleet     *fleet.Service
	Coupons   *coupons.Service
	Partners  *partners.Service
	Billing   *billing.Service
	Customers *customers.Service
	Referrals *referrals.Service
	Wallet    *wallet.Service
	Payouts   *payouts.Service
	Dispatch  *dispatch.Service
	Log       *slog.Logger
}

func (h *Handler) Router() *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery())

	a := r.Group("/admin", h.requireStaff)
	a.POST("/drivers/:id/approve", h.approveDriver)
	a.POST("/drivers/:id/fleets/:fleet", h.addToFleet)
	a.POST("/drivers/:id/shifts", h.bookShift)
	a.POST("/trailers", h.addTrailer)
	a.POST("/vehicles", h.addVehicle)
	a.POST("/vehicles/:id/tags", h.tagVehicle)
	a.POST("/depots", h.openDepot)
	a.POST("/coupons", h.issueCoupon)
	a.POST("/campaigns", h.startCampaign)
	a.POST("/carriers", h.linkCarrier)
	a.POST("/brokers", h.linkBroker)
	a.POST("/invoices/:id/pay", h.payInvoice)
	a.POST("/quotes/:id/accept", h.acceptQuote)
	a.POST("/wallets/:driver/earnings", h.addEarnings)
	a.POST("/referrals/:id/reward", h.rewardReferral)
	h.moreRoutes(a)

	hooks := r.Group("/hooks")
	hooks.POST("/parcelnet", h.parcelNetHook)
	hooks.POST("/freighthub", h.freightHubHook)
	return r
}

func (h *Handler) requireStaff(c *gin.Context) {
	if c.GetHeader("X-Staff-Token") == "" {
		c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "staff token required"})
		return
	}
	c.Next()
}

func (h *Handler) respondErr(c *gin.Context, err error) {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		c.JSON(http.StatusNotFound, gin.H{"error": "not found"})
	case errors.Is(err, domain.ErrInvalidState), errors.Is(err, domain.ErrConflict),
		errors.Is(err, domain.ErrCouponSpent), errors.Is(err, domain.ErrSlotTaken):
		c.JSON(http.StatusConflict, gin.H{"error": err.Error()})
	case errors.Is(err, domain.ErrQuotaExceeded):
		c.JSON(http.StatusTooManyRequests, gin.H{"error": err.Error()})
	default:
		h.Log.ErrorContext(c.Request.Context(), "admin request failed", "path", c.FullPath(), "err", err)
		c.JSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
	}
}

func idParam(c *gin.Context, name string) (int64, bool) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "bad " + name})
		return 0, false
	}
	return id, true
}

func (h *Handler) approveDriver(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var err error
	if c.Query("source") == "background-check" {
		err = h.Drivers.AutoApprove(c.Request.Context(), id)
	} else {
		err = h.Drivers.Approve(c.Request.Context(), id)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) addToFleet(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	fleetID, ok := idParam(c, "fleet")
	if !ok {
		return
	}
	var err error
	if c.Query("via") == "share-link" {
		err = h.Drivers.JoinFleet(c.Request.Context(), id, fleetID)
	} else {
		err = h.Drivers.AddToFleet(c.Request.Context(), id, fleetID, c.DefaultQuery("role", "driver"))
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) bookShift(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in struct {
		Day      string `json:"day"`
		DepotID  int64  `json:"depot_id"`
		Overtime bool   `json:"overtime"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	day, err := time.Parse(time.DateOnly, in.Day)
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "bad day"})
		return
	}
	var sh domain.Shift
	if in.Overtime {
		sh, err = h.Drivers.Shifts.BookOvertime(c.Request.Context(), id, day, in.DepotID)
	} else {
		sh, err = h.Drivers.Shifts.Book(c.Request.Context(), id, day, in.DepotID)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusCreated, sh)
}

func (h *Handler) addTrailer(c *gin.Context) {
	var in struct {
		FleetID int64  `json:"fleet_id"`
		VIN     string `json:"vin"`
		Axles   int    `json:"axles"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	t, err := h.Fleet.AddTrailer(c.Request.Context(), in.FleetID, in.VIN, in.Axles)
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusOK, t)
}

func (h *Handler) addVehicle(c *gin.Context) {
	var in struct {
		FleetID int64  `json:"fleet_id"`
		Plate   string `json:"plate"`
		Model   string `json:"model"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	v, err := h.Fleet.AddVehicle(c.Request.Context(), in.FleetID, in.Plate, in.Model)
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusOK, v)
}

func (h *Handler) tagVehicle(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in struct {
		Tag       string   `json:"tag"`
		Equipment []string `json:"equipment"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	var err error
	if len(in.Equipment) > 0 {
		err = h.Fleet.AddEquipment(c.Request.Context(), id, in.Equipment...)
	} else {
		err = h.Fleet.TagVehicle(c.Request.Context(), id, in.Tag)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) openDepot(c *gin.Context) {
	var in struct {
		domain.Depot
		Zone    bool   `json:"zone"`
		Polygon string `json:"polygon"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if in.Zone {
		if err := h.Fleet.DefineZone(c.Request.Context(), in.OrgID, in.Code, in.Name, in.Polygon); err != nil {
			h.respondErr(c, err)
			return
		}
		c.Status(http.StatusNoContent)
		return
	}
	d, err := h.Fleet.OpenDepot(c.Request.Context(), in.Depot)
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusCreated, d)
}

func (h *Handler) issueCoupon(c *gin.Context) {
	var in struct {
		MerchantID int64  `json:"merchant_id"`
		Code       string `json:"code"`
		PercentOff int    `json:"percent_off"`
		Uses       int    `json:"uses"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	cp, err := h.Coupons.Issue(c.Request.Context(), in.MerchantID, in.Code, in.PercentOff, in.Uses)
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusCreated, cp)
}

func (h *Handler) startCampaign(c *gin.Context) {
	var in struct {
		MerchantID int64  `json:"merchant_id"`
		Slug       string `json:"slug"`
		Title      string `json:"title"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	cp, err := h.Coupons.StartCampaign(c.Request.Context(), in.MerchantID, in.Slug, in.Title)
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusOK, cp)
}

func (h *Handler) linkCarrier(c *gin.Context) {
	var in struct {
		MerchantID int64  `json:"merchant_id"`
		Carrier    string `json:"carrier"`
		AccountNo  string `json:"account_no"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	l, err := h.Partners.LinkCarrier(c.Request.Context(), in.MerchantID, in.Carrier, in.AccountNo)
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusCreated, l)
}

func (h *Handler) linkBroker(c *gin.Context) {
	var in struct {
		MerchantID int64  `json:"merchant_id"`
		Broker     string `json:"broker"`
		EORI       string `json:"eori"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if err := h.Partners.LinkBroker(c.Request.Context(), in.MerchantID, in.Broker, in.EORI); err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) payInvoice(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	if err := h.Billing.PayInvoice(c.Request.Context(), id, c.Query("customer")); err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) acceptQuote(c *gin.Context) {
	var err error
	if c.Query("counter") == "1" {
		err = h.Customers.AcceptCounterOffer(c.Request.Context(), c.Param("id"))
	} else {
		err = h.Customers.AcceptQuote(c.Request.Context(), c.Param("id"))
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) addEarnings(c *gin.Context) {
	driverID, ok := idParam(c, "driver")
	if !ok {
		return
	}
	var in struct {
		Cents int64 `json:"cents"`
		Tip   bool  `json:"tip"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	var err error
	if in.Tip {
		err = h.Wallet.AddTip(c.Request.Context(), driverID, in.Cents)
	} else {
		err = h.Wallet.AddEarnings(c.Request.Context(), driverID, in.Cents)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) rewardReferral(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var err error
	if c.Query("side") == "invitee" {
		err = h.Referrals.RewardInvitee(c.Request.Context(), id)
	} else {
		err = h.Referrals.RewardInviter(c.Request.Context(), id)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

type carrierHook struct {
	EventID     string `json:"event_id"`
	Type        string `json:"type"`
	ShipmentID  int64  `json:"shipment_ref"`
	AmountCents int64  `json:"amount_cents"`
}

func (e carrierHook) event() domain.CarrierEvent {
	return domain.CarrierEvent{EventID: e.EventID, Kind: e.Type, ShipmentID: e.ShipmentID, AmountCents: e.AmountCents}
}

func (h *Handler) parcelNetHook(c *gin.Context) {
	var in carrierHook
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if err := h.Partners.HandleParcelNetEvent(c.Request.Context(), in.event()); err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusOK)
}

func (h *Handler) freightHubHook(c *gin.Context) {
	var in carrierHook
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if err := h.Partners.HandleFreightHubEvent(c.Request.Context(), in.event()); err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusOK)
}
