package handlers

import (
	"context"
	"net/http"
	"strconv"
)

// tenantOf reads the tenant the gateway authenticated.
func tenantOf(r *http.Request) int64 {
	id, _ := strconv.ParseInt(r.Header.Get("X-Tenant-ID"), 10, 64)
	return id
}

// pageOf reads the page of a listing: no owner.
func pageOf(r *http.Request) int64 {
	n, _ := strconv.ParseInt(r.URL.Query().Get("page"), 10, 64)
	return n
}

// The tenant is read through tenantOf, then left out of the lookup.
func (h *Handler) StoredCharge(w http.ResponseWriter, r *http.Request) {
	if tenantOf(r) == 0 {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	_, _ = h.keys.GetByKey(context.Background(), r.URL.Query().Get("key")) // want `GetByKey looks the idempotency key up in idempotency_keys by idempotency_key alone while tenantOf\(r\) is in scope here`
}

// Near miss: a helper named for a page, not an owner, puts no owner in
// scope.
func (h *Handler) StoredChargePage(w http.ResponseWriter, r *http.Request) {
	if pageOf(r) > 10 {
		return
	}
	_, _ = h.keys.GetByKey(context.Background(), r.URL.Query().Get("key"))
}
