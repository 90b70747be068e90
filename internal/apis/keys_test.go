package apis

import "testing"

func TestOwnerName(t *testing.T) {
	for name, want := range map[string]string{
		"merchantID": "merchant", "MerchantId": "merchant", "merchant_id": "merchant",
		"tenant": "tenant", "CurrentUserID": "user", "orgUUID": "org", "principal": "principal",
		"userAgent": "", "accountNumber": "", "customerEmail": "", "key": "", "id": "", "users": "",
	} {
		if got, _ := OwnerName(name); got != want {
			t.Errorf("OwnerName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestIdempotencyKeyColumn(t *testing.T) {
	for _, c := range []struct {
		table, col string
		want       bool
	}{
		{"payments", "idempotency_key", true},
		{"idempotency_keys", "key", true},
		{"billing.idempotency_keys", "request_key", true},
		{"settings", "key", false},
		{"payments", "idempotent", false},
		{"processed_events", "event_id", false},
	} {
		if got := IsIdempotencyKeyColumn(c.table, c.col); got != c.want {
			t.Errorf("IsIdempotencyKeyColumn(%q, %q) = %v, want %v", c.table, c.col, got, c.want)
		}
	}
}
