// Package handler exposes the HTTP API.
package handler

import (
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/payment"
	"example.com/probes/internal/repo"
)

type TransferAPI struct {
	Keys      *repo.IdempotencyStore
	Transfers *repo.TransferRepo
	Gateway   payment.Gateway
}

type transferReq struct {
	FromAccount int64  `json:"from_account" binding:"required"`
	IBAN        string `json:"iban" binding:"required"`
	Amount      int64  `json:"amount" binding:"required,gt=0"`
}

func (a *TransferAPI) Register(r gin.IRouter) {
	r.POST("/v1/transfers", a.create)
	r.POST("/v2/transfers", a.createV2)
}

func (a *TransferAPI) create(c *gin.Context) {
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		c.JSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key required"})
		return
	}
	ctx := c.Request.Context()
	prev, err := a.Keys.Lookup(ctx, key) // L:F6a
	if err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": "internal"})
		return
	}
	if prev != nil {
		c.Data(prev.ResponseCode, "application/json", prev.ResponseBody)
		return
	}
	var req transferReq
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	ref, err := a.Gateway.Payout(ctx, req.IBAN, req.Amount)
	if err != nil {
		c.JSON(http.StatusBadGateway, gin.H{"error": err.Error()})
		return
	}
	t := domain.Transfer{FromAccount: req.FromAccount, ToIBAN: req.IBAN, Amount: req.Amount, ProviderRef: ref}
	if err := a.Transfers.Insert(ctx, &t); err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": "internal"})
		return
	}
	body, _ := json.Marshal(t)
	if err := a.Keys.Save(ctx, domain.IdempotencyRecord{Key: key, Status: "done", ResponseCode: http.StatusCreated, ResponseBody: body}); err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": "internal"})
		return
	}
	c.Data(http.StatusCreated, "application/json", body)
}

func (a *TransferAPI) createV2(c *gin.Context) {
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		c.JSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key required"})
		return
	}
	ctx := c.Request.Context()
	fresh, err := a.Keys.Reserve(ctx, key) // L:F6a-safe
	if err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": "internal"})
		return
	}
	if !fresh {
		prev, err := a.Keys.Lookup(ctx, key)
		if err != nil || prev == nil || prev.Status != "done" {
			c.JSON(http.StatusConflict, gin.H{"error": "request in progress"})
			return
		}
		c.Data(prev.ResponseCode, "application/json", prev.ResponseBody)
		return
	}
	var req transferReq
	if err := c.ShouldBindJSON(&req); err != nil {
		_ = a.Keys.Release(ctx, key)
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	ref, err := a.Gateway.Payout(ctx, req.IBAN, req.Amount)
	if err != nil {
		c.JSON(http.StatusBadGateway, gin.H{"error": err.Error()})
		return
	}
	t := domain.Transfer{FromAccount: req.FromAccount, ToIBAN: req.IBAN, Amount: req.Amount, ProviderRef: ref}
	if err := a.Transfers.Insert(ctx, &t); err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": "internal"})
		return
	}
	body, _ := json.Marshal(t)
	_ = a.Keys.Finish(ctx, key, http.StatusCreated, body)
	c.Data(http.StatusCreated, "application/json", body)
}
