package api

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/service/workspace"
)

func (s *Server) createWorkspace(c *gin.Context) {
	var body struct {
		Slug string `json:"slug"`
		Name string `json:"name"`
		Plan string `json:"plan"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	actor := actorFrom(c)
	ws, err := s.Workspace.Create(c, workspace.CreateRequest{
		Slug:  body.Slug,
		Name:  body.Name,
		Plan:  body.Plan,
		Owner: domain.User{ID: actor.UserID, Email: actor.Email},
	})
	if errors.Is(err, domain.ErrAlreadyExists) {
		c.JSON(http.StatusConflict, errorBody{Error: "this workspace address is taken", Field: "slug"})
		return
	}
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, ws)
}

func (s *Server) addMailbox(c *gin.Context) {
	var body struct {
		Local string `json:"local"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	mb, err := s.Workspace.AddMailbox(c, actorFrom(c), body.Local)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, mb)
}

func (s *Server) ensureDefaultMailbox(c *gin.Context) {
	mb, err := s.Workspace.EnsureDefaultMailbox(c, actorFrom(c).WorkspaceID)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, mb)
}

func (s *Server) claimDomain(c *gin.Context) {
	var body struct {
		Hostname string `json:"hostname"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	d, err := s.Workspace.ClaimCustomDomain(c, actorFrom(c), body.Hostname)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, d)
}

func (s *Server) addAgent(c *gin.Context) {
	var body struct {
		UserID int64  `json:"user_id"`
		Role   string `json:"role"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	m, err := s.Workspace.AddAgent(c, actorFrom(c), body.UserID, body.Role)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, m)
}

func (s *Server) addLightAgent(c *gin.Context) {
	var body struct {
		UserID int64 `json:"user_id"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	m, err := s.Workspace.AddLightAgent(c, actorFrom(c), body.UserID)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, m)
}

func (s *Server) invite(c *gin.Context) {
	var body struct {
		Email string `json:"email"`
		Role  string `json:"role"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	if err := s.Workspace.Invite(c, actorFrom(c), body.Email, body.Role); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusAccepted)
}

func (s *Server) acceptInvite(c *gin.Context) {
	var body struct {
		Token string `json:"token"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	actor := actorFrom(c)
	m, err := s.Workspace.AcceptInvite(c, domain.User{ID: actor.UserID, Email: actor.Email}, body.Token)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, m)
}

func (s *Server) acceptSSOInvite(c *gin.Context) {
	var body struct {
		Token string `json:"token"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	actor := actorFrom(c)
	m, err := s.Workspace.AcceptSSOInvite(c, domain.User{ID: actor.UserID, Email: actor.Email}, body.Token)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, m)
}

func (s *Server) updateTheme(c *gin.Context) {
	var body struct {
		Theme string `json:"theme"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	if err := s.Workspace.UpdateTheme(c, actorFrom(c), body.Theme); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
