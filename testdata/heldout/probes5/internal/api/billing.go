package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"example.com/desk5/internal/service/billing"
)

func (s *Server) payInvoice(c *gin.Context) {
	id, ok := int64Param(c, "invoiceID")
	if !ok {
		return
	}
	res, err := s.Billing.PayInvoice(c, actorFrom(c), id)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

func (s *Server) retryInvoice(c *gin.Context) {
	id, ok := int64Param(c, "invoiceID")
	if !ok {
		return
	}
	inv, err := s.Billing.RetryInvoice(c, actorFrom(c).WorkspaceID, id)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, inv)
}

func (s *Server) refundPayment(c *gin.Context) {
	id, ok := int64Param(c, "paymentID")
	if !ok {
		return
	}
	var body struct {
		AmountCents int64  `json:"amount_cents"`
		Reason      string `json:"reason"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	rf, err := s.Billing.RefundPayment(c, actorFrom(c), billing.RefundRequest{PaymentID: id, AmountCents: body.AmountCents, Reason: body.Reason})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, rf)
}

func (s *Server) voidPayment(c *gin.Context) {
	id, ok := int64Param(c, "paymentID")
	if !ok {
		return
	}
	if err := s.Billing.VoidPayment(c, actorFrom(c), id); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Server) chargeOneOff(c *gin.Context) {
	var req billing.OneOffCharge
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	p, err := s.Billing.ChargeOneOff(c, actorFrom(c), req)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, p)
}

func (s *Server) chargeAddon(c *gin.Context) {
	var req billing.OneOffCharge
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	p, err := s.Billing.ChargeAddon(c, actorFrom(c), req)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, p)
}

func (s *Server) applyCredit(c *gin.Context) {
	var body struct {
		WorkspaceID int64  `json:"workspace_id"`
		AmountCents int64  `json:"amount_cents"`
		Reason      string `json:"reason"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	bal, err := s.Billing.ApplyCredit(c, body.WorkspaceID, body.AmountCents, body.Reason)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"balance_cents": bal})
}

func (s *Server) redeemCoupon(c *gin.Context) {
	var body struct {
		Code string `json:"code"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	cents, err := s.Billing.RedeemCoupon(c, actorFrom(c), body.Code)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"credited_cents": cents})
}

func (s *Server) redeemPromo(c *gin.Context) {
	var body struct {
		Code string `json:"code"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	cents, err := s.Billing.RedeemPromoCode(c, actorFrom(c), body.Code)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"credited_cents": cents})
}

func (s *Server) reportUsage(c *gin.Context) {
	var body struct {
		Metric   string `json:"metric"`
		Quantity int64  `json:"quantity"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	actor := actorFrom(c)
	total, err := s.Billing.ReportUsage(c, actor.WorkspaceID, body.Metric, body.Quantity, actor.Email)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"total": total})
}

func (s *Server) createAutomation(c *gin.Context) {
	var body struct {
		Name    string `json:"name"`
		Trigger string `json:"trigger"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	a, err := s.Billing.CreateAutomation(c, actorFrom(c), body.Name, body.Trigger)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, a)
}

func (s *Server) cloneAutomation(c *gin.Context) {
	id, ok := int64Param(c, "automationID")
	if !ok {
		return
	}
	a, err := s.Billing.CloneAutomation(c, actorFrom(c), id)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, a)
}

func (s *Server) renewNow(c *gin.Context) {
	sub, err := s.Billing.RenewNow(c, actorFrom(c))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, sub)
}

func (s *Server) reactivate(c *gin.Context) {
	sub, err := s.Billing.Reactivate(c, actorFrom(c))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, sub)
}

func (s *Server) taxProfile(c *gin.Context) {
	var body billing.TaxDetails
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	p, err := s.Billing.EnsureTaxProfile(c, actorFrom(c).WorkspaceID, body)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, p)
}

func (s *Server) assignSeat(c *gin.Context) {
	uid, ok := int64Param(c, "userID")
	if !ok {
		return
	}
	if err := s.Billing.AssignSeat(c, actorFrom(c).WorkspaceID, uid); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Server) assignQASeat(c *gin.Context) {
	uid, ok := int64Param(c, "userID")
	if !ok {
		return
	}
	if err := s.Billing.AssignQASeat(c, actorFrom(c).WorkspaceID, uid); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Server) ensureCustomer(c *gin.Context) {
	actor := actorFrom(c)
	var body struct {
		Name string `json:"name"`
	}
	_ = c.ShouldBindJSON(&body)
	acct, err := s.Billing.EnsureCustomer(c, actor.WorkspaceID, actor.Email, body.Name)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, acct)
}
