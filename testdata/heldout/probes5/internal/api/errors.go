// Package api is the public REST API (gin) used by the agent UI, the
// customer portal and API clients.
package api

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/service/events"
	"example.com/desk5/internal/service/idem"
)

type errorBody struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

// writeError maps service errors onto HTTP statuses.
func writeError(c *gin.Context, err error) {
	var ve *domain.ValidationError
	switch {
	case errors.As(err, &ve):
		c.JSON(http.StatusBadRequest, errorBody{Error: ve.Message, Field: ve.Field})
	case errors.Is(err, domain.ErrNotFound):
		c.JSON(http.StatusNotFound, errorBody{Error: "not found"})
	case errors.Is(err, domain.ErrForbidden):
		c.JSON(http.StatusForbidden, errorBody{Error: "forbidden"})
	case errors.Is(err, domain.ErrConflict):
		c.JSON(http.StatusConflict, errorBody{Error: err.Error()})
	case errors.Is(err, domain.ErrQuotaExceeded):
		c.JSON(http.StatusPaymentRequired, errorBody{Error: err.Error()})
	case errors.Is(err, domain.ErrInvalidToken):
		c.JSON(http.StatusGone, errorBody{Error: "link is invalid or has expired"})
	case errors.Is(err, domain.ErrPaymentFailed):
		c.JSON(http.StatusPaymentRequired, errorBody{Error: "payment failed"})
	case errors.Is(err, idem.ErrInFlight), errors.Is(err, events.ErrCheckoutInProgress):
		c.JSON(http.StatusConflict, errorBody{Error: err.Error()})
	default:
		slog.ErrorContext(c, "request failed", "path", c.FullPath(), "err", err)
		c.JSON(http.StatusInternalServerError, errorBody{Error: "internal error"})
	}
}

func badRequest(c *gin.Context, err error) {
	c.JSON(http.StatusBadRequest, errorBody{Error: err.Error()})
}
