package handler

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/redis/go-redis/v9"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/payment"
	"example.com/probes/internal/service"
)

type ProjectAPI struct {
	Projects *service.ProjectService
	Redis    *redis.Client
	Gateway  payment.Gateway
}

func (a *ProjectAPI) Register(e *echo.Echo) {
	e.POST("/orgs/:org/projects", a.create)
	e.POST("/v2/orgs/:org/projects", a.createV2)
	e.POST("/donations", a.donate)
	e.POST("/v2/donations", a.donateV2)
}

type createProjectReq struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

func mapProjectErr(err error) error {
	if errors.Is(err, domain.ErrConflict) {
		return echo.NewHTTPError(http.StatusConflict, "slug taken")
	}
	return echo.NewHTTPError(http.StatusInternalServerError).SetInternal(err)
}

func (a *ProjectAPI) create(c echo.Context) error {
	org, err := strconv.ParseInt(c.Param("org"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad org")
	}
	var req createProjectReq
	if err := c.Bind(&req); err != nil {
		return err
	}
	p, err := a.Projects.Create(c.Request().Context(), org, req.Slug, req.Name)
	if err != nil {
		return mapProjectErr(err)
	}
	return c.JSON(http.StatusCreated, p)
}

func (a *ProjectAPI) createV2(c echo.Context) error {
	org, err := strconv.ParseInt(c.Param("org"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad org")
	}
	var req createProjectReq
	if err := c.Bind(&req); err != nil {
		return err
	}
	p, err := a.Projects.CreateV2(c.Request().Context(), org, req.Slug, req.Name)
	if err != nil {
		return mapProjectErr(err)
	}
	return c.JSON(http.StatusCreated, p)
}

type donation struct {
	Customer string `json:"customer"`
	Amount   int64  `json:"amount"`
}

type cachedResponse struct {
	Status int             `json:"status"`
	Body   json.RawMessage `json:"body"`
}

func (a *ProjectAPI) replay(ctx context.Context, key string) (*cachedResponse, error) {
	raw, err := a.Redis.Get(ctx, "idem:donation:"+key).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var cr cachedResponse
	if err := json.Unmarshal(raw, &cr); err != nil {
		return nil, err
	}
	return &cr, nil
}

// donate accepts a one-off donation, deduplicated by Idempotency-Key in redis.
func (a *ProjectAPI) donate(c echo.Context) error {
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "missing Idempotency-Key")
	}
	ctx := c.Request().Context()
	cached, err := a.replay(ctx, key) // L:F6e
	if err != nil {
		return err
	}
	if cached != nil {
		return c.JSONBlob(cached.Status, cached.Body)
	}
	var d donation
	if err := c.Bind(&d); err != nil {
		return err
	}
	res, err := a.Gateway.Charge(ctx, payment.ChargeRequest{CustomerRef: d.Customer, Amount: d.Amount, Currency: "EUR", Description: "donation"})
	if err != nil {
		return echo.NewHTTPError(http.StatusPaymentRequired, err.Error())
	}
	body, _ := json.Marshal(res)
	blob, _ := json.Marshal(cachedResponse{Status: http.StatusCreated, Body: body})
	a.Redis.Set(ctx, "idem:donation:"+key, blob, 24*time.Hour)
	return c.JSONBlob(http.StatusCreated, body)
}

// donateV2 claims the key with SET NX first and passes it to the processor.
func (a *ProjectAPI) donateV2(c echo.Context) error {
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "missing Idempotency-Key")
	}
	ctx := c.Request().Context()
	won, err := a.Redis.SetNX(ctx, "idem:donation:"+key, `{"status":409}`, 24*time.Hour).Result() // L:F6e-safe
	if err != nil {
		return err
	}
	if !won {
		cached, err := a.replay(ctx, key)
		if err != nil || cached == nil || cached.Status == http.StatusConflict {
			return echo.NewHTTPError(http.StatusConflict, "in progress")
		}
		return c.JSONBlob(cached.Status, cached.Body)
	}
	var d donation
	if err := c.Bind(&d); err != nil {
		a.Redis.Del(ctx, "idem:donation:"+key)
		return err
	}
	res, err := a.Gateway.Charge(ctx, payment.ChargeRequest{CustomerRef: d.Customer, Amount: d.Amount, Currency: "EUR", Description: "donation", IdempotencyKey: key})
	if err != nil {
		return echo.NewHTTPError(http.StatusPaymentRequired, err.Error())
	}
	body, _ := json.Marshal(res)
	blob, _ := json.Marshal(cachedResponse{Status: http.StatusCreated, Body: body})
	a.Redis.Set(ctx, "idem:donation:"+key, blob, 24*time.Hour)
	return c.JSONBlob(http.StatusCreated, body)
}
