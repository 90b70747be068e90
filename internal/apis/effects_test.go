package apis

import "testing"

// TestPaymentAndMailEffects: the SDK calls that move money or send a
// message are effects, across stripe-go's major versions; their look-ups
// are not.
func TestPaymentAndMailEffects(t *testing.T) {
	for _, tc := range []struct {
		pkg, recv, name string
		effect          bool
	}{
		{"github.com/stripe/stripe-go/v72/charge", "", "New", true},
		{"github.com/stripe/stripe-go/v82/paymentintent", "Client", "Confirm", true},
		{"github.com/stripe/stripe-go/v82", "v1RefundService", "Create", true},
		{"github.com/stripe/stripe-go/v82/charge", "", "Get", false},
		{"github.com/stripe/stripe-go/v82", "v1RefundService", "Get", false},
		{"github.com/sendgrid/sendgrid-go", "Client", "Send", true},
		{"gopkg.in/gomail.v2", "Dialer", "DialAndSend", true},
		{"gopkg.in/gomail.v2", "Dialer", "Dial", false},
		{"github.com/twilio/twilio-go/rest/api/v2010", "ApiService", "CreateMessage", true},
		{"github.com/twilio/twilio-go/rest/api/v2010", "ApiService", "FetchMessage", false},
	} {
		m, ok := Lookup(tc.pkg, tc.recv, tc.name)
		if got := ok && m.Kind == Effect; got != tc.effect {
			t.Errorf("%s.%s.%s: effect %t, want %t", tc.pkg, tc.recv, tc.name, got, tc.effect)
		}
	}
}
