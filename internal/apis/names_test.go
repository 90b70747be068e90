package apis

import "testing"

func TestEntityOf(t *testing.T) {
	for name, want := range map[string]string{
		"GetUserByName":             "User",
		"CreateUser":                "User",
		"CreateSession":             "Session",
		"UpdateOrderStatus":         "Order",
		"UpdateStatus":              "",
		"ExistsByMessageID":         "",
		"Get":                       "",
		"FindOrdersForUser":         "Orders",
		"CreateUserWithoutPassword": "User",
		"InsertMessage":             "Message",
		"Getaway":                   "",
	} {
		if got := EntityOf(name); got != want {
			t.Errorf("EntityOf(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestIsEffectName(t *testing.T) {
	for name, want := range map[string]bool{
		"SendReceipt": true, "notify": true, "Publish": true, "Credit": true, "sendEmail": true,
		"Sender": false, "Payload": false, "Get": false, "Issues": false, "": false,
	} {
		if got := IsEffectName(name); got != want {
			t.Errorf("IsEffectName(%q) = %t, want %t", name, got, want)
		}
	}
}

func TestByNameConditionalInserts(t *testing.T) {
	for name, want := range map[string]Kind{
		"InsertPaymentIfAbsent":   CondInsert,
		"CreateUserIfNotExists":   CondInsert,
		"TryInsert":               CondInsert,
		"UpsertSubscription":      CondInsert,
		"GetOrCreateOrg":          CondInsert,
		"FindOrCreateTag":         CondInsert,
		"InsertPayment":           Insert, // near miss: a plain insert
		"CreateUser":              Insert,
		"Upserted":                None, // not the word Upsert
		"GetOrCreatedAtTimestamp": None,
		"GetOrder":                None,
	} {
		if got := ByName(name); got != want {
			t.Errorf("ByName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestIsLockName(t *testing.T) {
	for name, want := range map[string]bool{
		"Lock": true, "TryLock": true, "AcquireLock": true, "LockWithWait": true, "lockRow": true, "Obtain": true,
		"Unlock": false, "IsLocked": false, "GetLockOwner": false, "ReleaseLock": false, "Block": false, "Clock": false, "": false,
	} {
		if got := IsLockName(name); got != want {
			t.Errorf("IsLockName(%q) = %t, want %t", name, got, want)
		}
	}
}
