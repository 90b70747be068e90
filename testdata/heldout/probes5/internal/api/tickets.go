package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/rpc/ticketpb"
	"example.com/desk5/internal/service/tickets"
)

func (s *Server) submitWebForm(c *gin.Context) {
	wsID, ok := int64Param(c, "workspaceID")
	if !ok {
		return
	}
	var body struct {
		ClientToken string `json:"client_token"`
		Email       string `json:"email"`
		Name        string `json:"name"`
		Subject     string `json:"subject"`
		Message     string `json:"message"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	tk, created, err := s.Intake.SubmitWebForm(c, tickets.WebForm{
		WorkspaceID: wsID,
		ClientToken: body.ClientToken,
		Email:       body.Email,
		Name:        body.Name,
		Subject:     body.Subject,
		Body:        body.Message,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, gin.H{"ticket_number": tk.Number})
}

func (s *Server) portalTicket(c *gin.Context) {
	wsID, ok := int64Param(c, "workspaceID")
	if !ok {
		return
	}
	id, ok := int64Param(c, "ticketID")
	if !ok {
		return
	}
	sum, err := s.Lifecycle.PortalSummary(c, wsID, id)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, sum)
}

func (s *Server) createTicket(c *gin.Context) {
	var req tickets.ManualTicket
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	tk, err := s.Intake.CreateManual(c, actorFrom(c), req)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, tk)
}

func (s *Server) createTicketIdempotent(c *gin.Context) {
	var req tickets.APITicket
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	actor := actorFrom(c)
	resp, err := s.Keys.Replay(c, actor, c.GetHeader("Idempotency-Key"), func(ctx context.Context) (any, error) {
		return s.Intake.CreateFromAPI(ctx, actor, req)
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.Data(resp.Status, "application/json", resp.Body)
}

func (s *Server) logPhoneCall(c *gin.Context) {
	var call tickets.PhoneCall
	if err := c.ShouldBindJSON(&call); err != nil {
		badRequest(c, err)
		return
	}
	call.WorkspaceID = actorFrom(c).WorkspaceID
	tk, err := s.Intake.CreateFromPhoneCall(c, call)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, tk)
}

func (s *Server) addTag(c *gin.Context) {
	id, ok := int64Param(c, "ticketID")
	if !ok {
		return
	}
	var body struct {
		Tag string `json:"tag"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	tags, err := s.Lifecycle.AddTag(c, actorFrom(c), id, body.Tag)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"tags": tags})
}

func (s *Server) escalate(c *gin.Context) {
	id, ok := int64Param(c, "ticketID")
	if !ok {
		return
	}
	var body struct {
		Reason string `json:"reason"`
	}
	_ = c.ShouldBindJSON(&body)
	actor := actorFrom(c)
	resp, err := s.Escalations.Escalate(c, &ticketpb.EscalateRequest{
		WorkspaceId: actor.WorkspaceID,
		TicketId:    id,
		Reason:      body.Reason,
		RequestedBy: actor.UserID,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, resp)
}

func (s *Server) resolveTicket(c *gin.Context) {
	var req tickets.ResolveRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	tk, err := s.Lifecycle.Resolve(c, actorFrom(c), ticketFrom(c), req)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, tk)
}

func (s *Server) closeTicket(c *gin.Context) {
	var body struct {
		ContactEmail string `json:"contact_email"`
	}
	_ = c.ShouldBindJSON(&body)
	if err := s.Lifecycle.Close(c, actorFrom(c), ticketFrom(c), body.ContactEmail); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Server) reopenTicket(c *gin.Context) {
	if err := s.Lifecycle.Reopen(c, actorFrom(c), ticketFrom(c)); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Server) replyEmail(c *gin.Context) {
	var req tickets.ReplyRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	msg, err := s.Replies.SendEmailReply(c, actorFrom(c), ticketFrom(c), req)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, msg)
}

func (s *Server) replySMS(c *gin.Context) {
	var req tickets.ReplyRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	msg, err := s.Replies.SendSMSReply(c, actorFrom(c), ticketFrom(c), req)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, msg)
}

func (s *Server) createMacro(c *gin.Context) {
	var body struct {
		Name string `json:"name"`
		Body string `json:"body"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	m, err := s.Library.CreateMacro(c, actorFrom(c), body.Name, body.Body)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, m)
}

func (s *Server) saveView(c *gin.Context) {
	var body struct {
		Name   string         `json:"name"`
		Filter map[string]any `json:"filter"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	v, err := s.Library.SaveView(c, actorFrom(c), body.Name, body.Filter)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, v)
}

func (s *Server) importContact(c *gin.Context) {
	var body struct {
		ExternalID string `json:"external_id"`
		Email      string `json:"email"`
		Name       string `json:"name"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	ct, err := s.Contact.FindOrCreateByExternalID(c, actorFrom(c).WorkspaceID, body.ExternalID, body.Email, body.Name)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, ct)
}

func (s *Server) createContactV2(c *gin.Context) {
	var body struct {
		Email string `json:"email"`
		Phone string `json:"phone"`
		Name  string `json:"name"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	actor := actorFrom(c)
	resp, err := s.Keys.InTx(c, actor, c.GetHeader("Idempotency-Key"), func(q *db.Queries) (any, error) {
		return q.CreateContact(c, db.CreateContactParams{
			WorkspaceID: actor.WorkspaceID,
			Email:       body.Email,
			Phone:       body.Phone,
			Name:        body.Name,
		})
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.Data(resp.Status, "application/json", resp.Body)
}

func (s *Server) textContact(c *gin.Context) {
	var body struct {
		Phone   string `json:"phone"`
		Message string `json:"message"`
	}
	if err := c.ShouldBindJSON(&body); err != nil || body.Phone == "" {
		badRequest(c, domain.Invalid("phone", "required"))
		return
	}
	id, err := s.SMS.SendSMS(c, body.Phone, body.Message)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"provider_id": id, "contact_id": c.Param("contactID")})
}

func (s *Server) emailContact(c *gin.Context) {
	var body struct {
		Email   string `json:"email"`
		Subject string `json:"subject"`
		Message string `json:"message"`
	}
	if err := c.ShouldBindJSON(&body); err != nil || body.Email == "" {
		badRequest(c, domain.Invalid("email", "required"))
		return
	}
	id, err := s.Mailer.Send(c, effects.Email{To: body.Email, Subject: body.Subject, Template: "freeform", Data: map[string]any{"body": body.Message}})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"provider_id": id, "contact_id": c.Param("contactID")})
}

func (s *Server) heartbeat(c *gin.Context) {
	actor := actorFrom(c)
	if err := s.Presence.Heartbeat(c, actor.WorkspaceID, actor.UserID, c.DefaultQuery("status", "online")); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Server) mobileHeartbeat(c *gin.Context) {
	actor := actorFrom(c)
	if err := s.Presence.MobileHeartbeat(c, actor.WorkspaceID, actor.UserID); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
