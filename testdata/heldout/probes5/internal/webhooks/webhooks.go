// Package webhooks serves the inbound webhooks from the mail provider, the
// SMS gateway, the telephony provider and the payment provider (chi).
package webhooks

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/service/contacts"
	"example.com/desk5/internal/service/integrations"
	"example.com/desk5/internal/service/tickets"
)

// MailboxResolver maps a recipient address to its workspace.
type MailboxResolver interface {
	WorkspaceForAddress(ctx context.Context, address string) (int64, error)
}

// Bus publishes raw provider events for asynchronous processing.
type Bus interface {
	Produce(ctx context.Context, topic string, key, value []byte) error
}

type Handler struct {
	Intake       *tickets.Intake
	Contacts     *contacts.Service
	Attachments  *integrations.Attachments
	Integrations *integrations.Service
	Mailboxes    MailboxResolver
	Bus          Bus
	MailSecret   []byte
	PaySecret    []byte
	Log          *slog.Logger
}

func (h *Handler) Router() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.RealIP, middleware.Recoverer)
	r.Use(middleware.Timeout(25 * time.Second))
	r.Post("/hooks/mail/inbound", h.inboundMail)
	r.Post("/hooks/sms/inbound", h.inboundSMS)
	r.Post("/hooks/whatsapp/inbound", h.inboundWhatsApp)
	r.Post("/hooks/telephony/call-ended", h.callEnded)
	r.Post("/hooks/payments", h.paymentEvent)
	r.Get("/oauth/slack/callback", h.slackCallback)
	r.Get("/oauth/teams/callback", h.teamsCallback)
	return r
}

func verify(secret, body []byte, sig string) bool {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	return hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig))
}

func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	var ve *domain.ValidationError
	switch {
	case errors.As(err, &ve):
		// Tell the provider not to retry malformed or unwanted messages.
		http.Error(w, ve.Error(), http.StatusUnprocessableEntity)
	default:
		h.Log.ErrorContext(r.Context(), "webhook failed", "path", r.URL.Path, "err", err)
		http.Error(w, "temporary failure", http.StatusServiceUnavailable)
	}
}

type inboundMailPayload struct {
	Recipient     string   `json:"recipient"`
	Sender        string   `json:"sender"`
	SenderName    string   `json:"sender_name"`
	To            []string `json:"to"`
	Subject       string   `json:"subject"`
	BodyPlain     string   `json:"body_plain"`
	BodyHTML      string   `json:"body_html"`
	MessageID     string   `json:"message_id"`
	InReplyTo     string   `json:"in_reply_to"`
	References    []string `json:"references"`
	SpamScore     float64  `json:"spam_score"`
	AutoSubmitted string   `json:"auto_submitted"`
	Attachments   []struct {
		Filename    string `json:"filename"`
		ContentType string `json:"content_type"`
		Content     string `json:"content"`
	} `json:"attachments"`
}

func (h *Handler) inboundMail(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 25<<20))
	if err != nil {
		http.Error(w, "read", http.StatusBadRequest)
		return
	}
	if !verify(h.MailSecret, body, r.Header.Get("X-Mail-Signature")) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var p inboundMailPayload
	if err := json.Unmarshal(body, &p); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	wsID, err := h.Mailboxes.WorkspaceForAddress(r.Context(), p.Recipient)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	tk, err := h.Intake.IngestEmail(r.Context(), tickets.InboundEmail{
		WorkspaceID:    wsID,
		MailboxAddress: p.Recipient,
		From:           p.Sender,
		FromName:       p.SenderName,
		To:             p.To,
		Subject:        p.Subject,
		TextBody:       p.BodyPlain,
		HTMLBody:       p.BodyHTML,
		MessageID:      p.MessageID,
		InReplyTo:      p.InReplyTo,
		References:     p.References,
		SpamScore:      p.SpamScore,
		AutoSubmitted:  p.AutoSubmitted,
		ReceivedAt:     time.Now(),
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	for _, a := range p.Attachments {
		data, err := base64.StdEncoding.DecodeString(a.Content)
		if err != nil {
			continue
		}
		if _, err := h.Attachments.StoreInbound(r.Context(), integrations.File{
			WorkspaceID: wsID,
			TicketID:    tk.ID,
			Filename:    a.Filename,
			ContentType: a.ContentType,
			Data:        data,
		}); err != nil {
			h.fail(w, r, err)
			return
		}
	}
	w.WriteHeader(http.StatusOK)
}

func (h *Handler) inboundSMS(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	wsID, err := h.Mailboxes.WorkspaceForAddress(r.Context(), "sms:"+r.PostForm.Get("To"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if _, err := h.Contacts.FindOrCreateByPhone(r.Context(), wsID, r.PostForm.Get("From")); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) inboundWhatsApp(w http.ResponseWriter, r *http.Request) {
	var p struct {
		PhoneNumberID string `json:"phone_number_id"`
		From          string `json:"from"`
	}
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	wsID, err := h.Mailboxes.WorkspaceForAddress(r.Context(), "wa:"+p.PhoneNumberID)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if _, err := h.Contacts.FindOrCreateByWhatsApp(r.Context(), wsID, p.From); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) callEnded(w http.ResponseWriter, r *http.Request) {
	var call tickets.PhoneCall
	if err := json.NewDecoder(r.Body).Decode(&call); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	if _, err := h.Intake.CreateFromPhoneCall(r.Context(), call); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) paymentEvent(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "read", http.StatusBadRequest)
		return
	}
	if !verify(h.PaySecret, body, r.Header.Get("X-Pay-Signature")) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var env struct {
		ID   string `json:"id"`
		Type string `json:"type"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	if err := h.Bus.Produce(r.Context(), "payments."+env.Type, []byte(env.ID), body); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func oauthGrant(r *http.Request) (integrations.OAuthGrant, error) {
	q := r.URL.Query()
	ws, err := strconv.ParseInt(q.Get("state_workspace"), 10, 64)
	if err != nil {
		return integrations.OAuthGrant{}, domain.Invalid("state", "bad workspace")
	}
	user, _ := strconv.ParseInt(q.Get("state_user"), 10, 64)
	return integrations.OAuthGrant{
		WorkspaceID: ws,
		UserID:      user,
		AccessToken: q.Get("access_token"),
		TeamID:      q.Get("tenant"),
		Channel:     q.Get("channel"),
	}, nil
}

func (h *Handler) slackCallback(w http.ResponseWriter, r *http.Request) {
	g, err := oauthGrant(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if _, err := h.Integrations.InstallSlack(r.Context(), g); err != nil {
		h.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/settings/integrations?installed=slack", http.StatusFound)
}

func (h *Handler) teamsCallback(w http.ResponseWriter, r *http.Request) {
	g, err := oauthGrant(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if _, err := h.Integrations.InstallTeams(r.Context(), g); err != nil {
		h.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/settings/integrations?installed=teams", http.StatusFound)
}
