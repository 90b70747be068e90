package middleware

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

// LoadInvoice loads the invoice named by the {number} URL parameter and
// makes it available to the handler through Invoice. Invoices of other
// customers answer 404.
func LoadInvoice(invoices store.InvoiceStore) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			inv, err := invoices.GetByNumber(r.Context(), chi.URLParam(r, "number"))
			if errors.Is(err, store.ErrNotFound) {
				http.NotFound(w, r)
				return
			}
			if err != nil {
				http.Error(w, "internal error", http.StatusInternalServerError)
				return
			}
			if !strings.EqualFold(inv.CustomerEmail, CurrentUser(r.Context()).Email) {
				http.NotFound(w, r)
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), invoiceKey, inv)))
		})
	}
}

// Invoice returns the invoice LoadInvoice stored.
func Invoice(ctx context.Context) domain.Invoice {
	inv, _ := ctx.Value(invoiceKey).(domain.Invoice)
	return inv
}
