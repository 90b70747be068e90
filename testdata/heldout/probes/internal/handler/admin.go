package handler

import (
	"context"
	"net/http"

	"example.com/probes/internal/jobs"
)

// AdminHandler lets support staff trigger the reminder run by hand.
type AdminHandler struct {
	Reminders *jobs.Reminders
}

func (h *AdminHandler) flushReminders(w http.ResponseWriter, r *http.Request) {
	go func() {
		_, _ = h.Reminders.SendDue(context.Background())
	}()
	w.WriteHeader(http.StatusAccepted)
}

func (h *AdminHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /admin/reminders/flush", h.flushReminders)
}
