// Package admin is the back-office API used by finance and warehouse staff.
package admin

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"example.com/shop4/internal/service/billing"
	"example.com/shop4/internal/service/catalog"
	"example.com/shop4/internal/service/orders"
	"example.com/shop4/internal/service/payouts"
	"example.com/shop4/internal/service/shipping"
	"example.com/shop4/internal/store"
)

type Server struct {
	Token    string
	Payouts  *payouts.Service
	Orders   *orders.Service
	Shipping *shipping.Service
	Billing  *billing.Service
	Catalog  *catalog.Service
}

func (s *Server) Register(e *echo.Echo) {
	g := e.Group("/admin", s.requireStaff)
	g.POST("/payouts/:id/approve", s.approvePayout)
	g.POST("/payouts/:id/retry", s.retryPayout)
	g.POST("/orders/:id/return", s.acceptReturn)
	g.POST("/orders/:id/invoice", s.issueInvoice)
	g.POST("/orders/:id/receipt", s.issueReceipt)
	g.POST("/shipments/:id/dispatch", s.dispatch)
	g.POST("/shipments/:id/delivered", s.delivered)
	g.POST("/catalog/categories", s.importCategories)
}

func (s *Server) requireStaff(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		tok := c.Request().Header.Get("X-Staff-Token")
		if s.Token == "" || subtle.ConstantTimeCompare([]byte(tok), []byte(s.Token)) != 1 {
			return echo.ErrUnauthorized
		}
		staffID, _ := strconv.ParseInt(c.Request().Header.Get("X-Staff-Id"), 10, 64)
		c.Set("staff_id", staffID)
		return next(c)
	}
}

func idParam(c echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return 0, echo.NewHTTPError(http.StatusBadRequest, "bad id")
	}
	return id, nil
}

func staff(c echo.Context) int64 {
	id, _ := c.Get("staff_id").(int64)
	return id
}

func toHTTP(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return echo.ErrNotFound
	case errors.Is(err, payouts.ErrNotApprovable), errors.Is(err, payouts.ErrNotRetryable),
		errors.Is(err, orders.ErrNotReturnable), errors.Is(err, shipping.ErrAlreadyDispatched):
		return echo.NewHTTPError(http.StatusConflict, err.Error())
	}
	return err
}

func (s *Server) approvePayout(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	p, err := s.Payouts.Approve(c.Request().Context(), id, staff(c))
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusOK, p)
}

func (s *Server) retryPayout(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	p, err := s.Payouts.Retry(c.Request().Context(), id, staff(c))
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusOK, p)
}

func (s *Server) acceptReturn(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	if err := s.Orders.AcceptReturn(c.Request().Context(), id); err != nil {
		return toHTTP(err)
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Server) issueInvoice(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	inv, err := s.Billing.IssueInvoice(c.Request().Context(), id, c.QueryParam("email"))
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusOK, inv)
}

func (s *Server) issueReceipt(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	rcpt, err := s.Billing.IssueReceipt(c.Request().Context(), id, c.QueryParam("email"))
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusOK, rcpt)
}

func (s *Server) dispatch(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	sh, err := s.Shipping.Dispatch(c.Request().Context(), id)
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusOK, sh)
}

func (s *Server) delivered(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	if err := s.Shipping.MarkDelivered(c.Request().Context(), id); err != nil {
		return toHTTP(err)
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Server) importCategories(c echo.Context) error {
	var req struct {
		Names []string `json:"names"`
	}
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "names are required")
	}
	cats, err := s.Catalog.EnsureCategories(c.Request().Context(), req.Names)
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusOK, cats)
}
