package admin

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"example.com/fleet6/internal/carrierclient"
)

func (h *Handler) moreRoutes(a *gin.RouterGroup) {
	a.POST("/customers", h.createCustomer)
	a.POST("/drivers/:id/notify", h.notifyDriver)
	a.POST("/drivers/:id/payout-account", h.payoutAccount)
	a.GET("/drivers/:id/preferences", h.preferences)
	a.POST("/referrals", h.attributeReferral)
	a.POST("/referral-codes", h.referralCode)
	a.POST("/coupons/:id/apply", h.applyCoupon)
	a.POST("/coupons/:id/redeem", h.redeemCoupon)
	a.POST("/invoices/:id/credit-note", h.creditNote)
	a.POST("/merchants/:id/credit", h.reserveCredit)
	a.POST("/payouts/accrue", h.accrue)
	a.POST("/tenders", h.tender)
	a.POST("/drivers/:id/trips", h.tripClosed)
}

// tripClosed is called by the dispatch system when a trip or a multi-stop
// route is closed.
func (h *Handler) tripClosed(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in struct {
		Parcels int `json:"parcels"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	var err error
	if in.Parcels > 0 {
		err = h.Drivers.RecordDeliveries(c.Request.Context(), id, in.Parcels)
	} else {
		err = h.Drivers.RecordTripCompleted(c.Request.Context(), id)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) createCustomer(c *gin.Context) {
	var in struct {
		TenantID  string `json:"tenant_id"`
		Email     string `json:"email"`
		Name      string `json:"name"`
		Consignee bool   `json:"consignee"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	ctx := c.Request.Context()
	if in.Consignee {
		cust, err := h.Customers.AddConsignee(ctx, in.TenantID, in.Email, in.Name)
		if err != nil {
			h.respondErr(c, err)
			return
		}
		c.JSON(http.StatusOK, cust)
		return
	}
	cust, err := h.Customers.Register(ctx, in.TenantID, in.Email, in.Name)
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusOK, cust)
}

func (h *Handler) notifyDriver(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in struct {
		Key   string `json:"key"`
		Title string `json:"title"`
		Body  string `json:"body"`
		Once  bool   `json:"once"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	var err error
	if in.Once {
		err = h.Customers.NotifyDriverOnce(c.Request.Context(), in.Key, id, in.Title, in.Body)
	} else {
		err = h.Customers.NotifyDriver(c.Request.Context(), in.Key, id, in.Title, in.Body)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusAccepted)
}

func (h *Handler) payoutAccount(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	acct, err := h.Drivers.EnsurePayoutAccount(c.Request.Context(), id, c.Query("email"), c.DefaultQuery("country", "DE"))
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusOK, acct)
}

func (h *Handler) preferences(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	st, err := h.Drivers.Preferences(c.Request.Context(), id)
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusOK, st)
}

func (h *Handler) attributeReferral(c *gin.Context) {
	var in struct {
		InviteeID int64  `json:"invitee_id"`
		InviterID int64  `json:"inviter_id"`
		Code      string `json:"code"`
		DeepLink  bool   `json:"deep_link"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	var err error
	if in.DeepLink {
		err = h.Referrals.AttributeFromLink(c.Request.Context(), in.InviteeID, in.InviterID, in.Code)
	} else {
		err = h.Referrals.Attribute(c.Request.Context(), in.InviteeID, in.InviterID, in.Code)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) referralCode(c *gin.Context) {
	var in struct {
		MerchantID int64  `json:"merchant_id"`
		DriverID   int64  `json:"driver_id"`
		Code       string `json:"code"`
		Rotate     bool   `json:"rotate"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	ctx := c.Request.Context()
	code, err := h.Referrals.ClaimVanityCode(ctx, in.MerchantID, in.DriverID, in.Code)
	if in.Rotate {
		code, err = h.Referrals.RotateCode(ctx, in.MerchantID, in.DriverID, in.Code)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusOK, code)
}

func (h *Handler) applyCoupon(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var err error
	if c.Query("checkout") == "v2" {
		err = h.Coupons.ApplyAtCheckout(c.Request.Context(), id)
	} else {
		err = h.Coupons.Apply(c.Request.Context(), id)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) redeemCoupon(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in struct {
		CustomerID string `json:"customer_id"`
		BookingID  int64  `json:"booking_id"`
		Limited    bool   `json:"limited"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	var err error
	if in.Limited {
		err = h.Coupons.RedeemLimited(c.Request.Context(), id, in.CustomerID, in.BookingID)
	} else {
		err = h.Coupons.RedeemForCustomer(c.Request.Context(), id, in.CustomerID, in.BookingID)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) creditNote(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in struct {
		AmountCents int64 `json:"amount_cents"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if err := h.Billing.CreditLateDelivery(c.Request.Context(), id, in.AmountCents); err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) reserveCredit(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in struct {
		AmountCents int64 `json:"amount_cents"`
		Booking     bool  `json:"booking"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	var err error
	if in.Booking {
		err = h.Billing.ReserveCreditForBooking(c.Request.Context(), id, in.AmountCents)
	} else {
		err = h.Billing.ReserveCredit(c.Request.Context(), id, in.AmountCents)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) accrue(c *gin.Context) {
	var in struct {
		MerchantID int64           `json:"merchant_id"`
		Week       string          `json:"week"`
		Earnings   map[int64]int64 `json:"earnings"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	batch, err := h.Payouts.Accrue(c.Request.Context(), in.MerchantID, in.Week, in.Earnings)
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"batch_id": batch})
}

func (h *Handler) tender(c *gin.Context) {
	var in struct {
		carrierclient.TenderRequest
		Backhaul bool `json:"backhaul"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	var (
		t   carrierclient.Tender
		err error
	)
	if in.Backhaul {
		t, err = h.Dispatch.TenderBackhaul(c.Request.Context(), in.TenderRequest)
	} else {
		t, err = h.Dispatch.TenderLoad(c.Request.Context(), in.TenderRequest)
	}
	if err != nil {
		h.respondErr(c, err)
		return
	}
	c.JSON(http.StatusCreated, t)
}
