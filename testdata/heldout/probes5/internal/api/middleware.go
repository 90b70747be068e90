package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/repo"
)

// Authenticator resolves a bearer token or session cookie to an actor.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (domain.Actor, error)
}

const (
	actorKey  = "desk.actor"
	ticketKey = "desk.ticket"
)

// RequireActor authenticates the request.
func RequireActor(auth Authenticator) gin.HandlerFunc {
	return func(c *gin.Context) {
		token := strings.TrimPrefix(c.GetHeader("Authorization"), "Bearer ")
		if token == "" {
			if ck, err := c.Cookie("desk_session"); err == nil {
				token = ck
			}
		}
		if token == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "authentication required"})
			return
		}
		actor, err := auth.Authenticate(c, token)
		if err != nil {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "invalid credentials"})
			return
		}
		c.Set(actorKey, actor)
		c.Next()
	}
}

func actorFrom(c *gin.Context) domain.Actor {
	v, _ := c.Get(actorKey)
	a, _ := v.(domain.Actor)
	return a
}

// LoadTicket loads the :ticketID path parameter for the ticket routes and
// stores it in the context for the handler.
func LoadTicket(tickets repo.Tickets) gin.HandlerFunc {
	return func(c *gin.Context) {
		id, err := strconv.ParseInt(c.Param("ticketID"), 10, 64)
		if err != nil {
			c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: "bad ticket id"})
			return
		}
		tk, err := tickets.Get(c, actorFrom(c).WorkspaceID, id)
		if err != nil {
			writeError(c, err)
			c.Abort()
			return
		}
		c.Set(ticketKey, tk)
		c.Next()
	}
}

func ticketFrom(c *gin.Context) domain.Ticket {
	v, _ := c.Get(ticketKey)
	t, _ := v.(domain.Ticket)
	return t
}

func int64Param(c *gin.Context, name string) (int64, bool) {
	v, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil {
		c.JSON(http.StatusBadRequest, errorBody{Error: "bad " + name})
		return 0, false
	}
	return v, true
}
