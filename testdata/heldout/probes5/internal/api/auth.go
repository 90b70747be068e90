package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

type resetConfirm struct {
	Token    string `json:"token" binding:"required"`
	Password string `json:"password" binding:"required"`
}

func (s *Server) setSession(c *gin.Context, session string) {
	c.SetSameSite(http.SameSiteLaxMode)
	c.SetCookie("desk_session", session, 14*24*3600, "/", "", true, true)
	c.JSON(http.StatusOK, gin.H{"signed_in": true})
}

func (s *Server) requestPasswordReset(c *gin.Context) {
	var body struct {
		Email string `json:"email"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	if err := s.Login.RequestPasswordReset(c, body.Email); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusAccepted)
}

func (s *Server) confirmPasswordReset(c *gin.Context) {
	var body resetConfirm
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	session, err := s.Login.ResetPassword(c, body.Token, body.Password, c.Request.UserAgent())
	if err != nil {
		writeError(c, err)
		return
	}
	s.setSession(c, session)
}

func (s *Server) confirmAdminReset(c *gin.Context) {
	var body resetConfirm
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	session, err := s.Login.ResetPasswordAdmin(c, body.Token, body.Password, c.Request.UserAgent())
	if err != nil {
		writeError(c, err)
		return
	}
	s.setSession(c, session)
}

func (s *Server) sendMagicLink(c *gin.Context) {
	var body struct {
		Email string `json:"email"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	if err := s.Login.SendMagicLink(c, body.Email); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusAccepted)
}

func (s *Server) consumeMagicLink(c *gin.Context) {
	session, err := s.Login.ConsumeMagicLink(c, c.Param("token"), c.Request.UserAgent())
	if err != nil {
		writeError(c, err)
		return
	}
	s.setSession(c, session)
}

func (s *Server) consumeDeviceCode(c *gin.Context) {
	var body struct {
		Code string `json:"code"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	session, err := s.Login.ConsumeDeviceCode(c, body.Code, c.Request.UserAgent())
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"session": session})
}

func (s *Server) verifyTOTP(c *gin.Context) {
	var body struct {
		PendingUserID int64  `json:"pending_user_id"`
		Code          string `json:"code"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	session, err := s.Login.VerifyTOTP(c, body.PendingUserID, body.Code, c.Request.UserAgent())
	if err != nil {
		writeError(c, err)
		return
	}
	s.setSession(c, session)
}

func (s *Server) stepUp(c *gin.Context) {
	var body struct {
		Code string `json:"code"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	if err := s.Login.VerifyStepUp(c, actorFrom(c).UserID, body.Code); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
