package handler

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"example.com/probes/internal/service"
)

type CheckoutAPI struct {
	Checkout *service.CheckoutService
	Orders   *service.OrderService
	Refunds  *service.RefundService
	Trials   *service.TrialService
}

func (a *CheckoutAPI) Register(r gin.IRouter) {
	r.POST("/checkout", a.pay)
	r.POST("/v2/checkout", a.payV2)
	r.POST("/orders/:id/pay", a.payOrder)
	r.POST("/v2/orders/:id/pay", a.payOrderV2)
	r.POST("/orders/:id/cancel", a.cancel)
	r.POST("/refunds/:id/approve", a.approveRefund)
	r.POST("/v2/refunds/:id/approve", a.approveRefundV2)
	r.POST("/trial", a.trial)
	r.POST("/v2/trial", a.trialV2)
}

func (a *CheckoutAPI) pay(c *gin.Context) {
	var req service.PayRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	res, err := a.Checkout.PayOrder(c.Request.Context(), req)
	if err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusOK, res)
}

func (a *CheckoutAPI) payV2(c *gin.Context) {
	var req service.PayRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	res, err := a.Checkout.PayOrderV2(c.Request.Context(), req)
	if err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusOK, res)
}

func idParam(c *gin.Context) (int64, bool) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "bad id"})
		return 0, false
	}
	return id, true
}

func (a *CheckoutAPI) payOrder(c *gin.Context) {
	id, ok := idParam(c)
	if !ok {
		return
	}
	o, err := a.Orders.Pay(c.Request.Context(), id)
	if err != nil {
		c.JSON(http.StatusUnprocessableEntity, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusOK, o)
}

func (a *CheckoutAPI) payOrderV2(c *gin.Context) {
	id, ok := idParam(c)
	if !ok {
		return
	}
	o, err := a.Orders.PayV2(c.Request.Context(), id)
	if err != nil {
		c.JSON(http.StatusUnprocessableEntity, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusOK, o)
}

func (a *CheckoutAPI) cancel(c *gin.Context) {
	id, ok := idParam(c)
	if !ok {
		return
	}
	if err := a.Orders.Cancel(c.Request.Context(), id); err != nil {
		c.JSON(http.StatusUnprocessableEntity, gin.H{"error": err.Error()})
		return
	}
	c.Status(http.StatusNoContent)
}

func (a *CheckoutAPI) approveRefund(c *gin.Context) {
	id, ok := idParam(c)
	if !ok {
		return
	}
	if err := a.Refunds.Approve(c.Request.Context(), id); err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.Status(http.StatusNoContent)
}

func (a *CheckoutAPI) approveRefundV2(c *gin.Context) {
	id, ok := idParam(c)
	if !ok {
		return
	}
	if err := a.Refunds.ApproveV2(c.Request.Context(), id); err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.Status(http.StatusNoContent)
}

type trialReq struct {
	UserID    int64 `json:"user_id"`
	AccountID int64 `json:"account_id"`
}

func (a *CheckoutAPI) trial(c *gin.Context) {
	var req trialReq
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if err := a.Trials.StartTrial(c.Request.Context(), req.UserID, req.AccountID); err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.Status(http.StatusCreated)
}

func (a *CheckoutAPI) trialV2(c *gin.Context) {
	var req trialReq
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if err := a.Trials.StartTrialV2(c.Request.Context(), req.UserID, req.AccountID); err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.Status(http.StatusCreated)
}
