package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"example.com/desk5/internal/domain"
)

type contactRef struct {
	Email string `json:"email"`
	Name  string `json:"name"`
}

func (s *Server) contactFromRequest(c *gin.Context) (domain.Contact, bool) {
	id, ok := int64Param(c, "contactID")
	if !ok {
		return domain.Contact{}, false
	}
	var body contactRef
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return domain.Contact{}, false
	}
	return domain.Contact{ID: id, WorkspaceID: actorFrom(c).WorkspaceID, Email: body.Email, Name: body.Name}, true
}

func (s *Server) syncContactToCRM(c *gin.Context) {
	ct, ok := s.contactFromRequest(c)
	if !ok {
		return
	}
	link, err := s.CRM.LinkContact(c, ct)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, link)
}

func (s *Server) linkContactToOrg(c *gin.Context) {
	orgID, ok := int64Param(c, "orgID")
	if !ok {
		return
	}
	ct, ok := s.contactFromRequest(c)
	if !ok {
		return
	}
	link, err := s.CRM.LinkContactToOrganization(c, ct, orgID)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, link)
}
