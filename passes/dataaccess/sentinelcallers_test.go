package dataaccess

import "testing"

func TestReceiverKeys(t *testing.T) {
	for _, tc := range []struct {
		on, owner string
		same      bool
	}{
		{"shipments", "ShipmentStore", true},
		{"shipRepo", "Shipments", true},
		{"s", "Shipments", true},   // a receiver variable names no type
		{"repo", "Bookings", true}, // nor does a layer's word
		{"svc", "Service", true},
		// Near misses: fields named for another type.
		{"Bookings", "Shipments", false},
		{"campaigns", "CouponStore", false},
	} {
		if got := sameOwner(receiverKey(tc.on), receiverKey(tc.owner)); got != tc.same {
			t.Errorf("sameOwner(%q, %q) = %v, want %v (keys %q, %q)", tc.on, tc.owner, got, tc.same, receiverKey(tc.on), receiverKey(tc.owner))
		}
	}
}
