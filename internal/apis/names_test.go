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

func TestCountAndIncrementNames(t *testing.T) {
	for name, want := range map[string][2]bool{
		"CountMembers":         {true, false},
		"GetMemberCount":       {true, false},
		"GetUserCountByOrg":    {true, false},
		"Counter":              {false, false},
		"GetCounter":           {false, false},
		"IncrementCouponUsage": {false, true},
		"DecreaseStock":        {false, true},
		"IncrUsedCount":        {false, true},
		"DeductBalance":        {false, true},
		"IncrementalExport":    {false, false},
		"Increase":             {false, true},
		"Decorate":             {false, false},
	} {
		if got := IsCountName(name); got != want[0] {
			t.Errorf("IsCountName(%q) = %t, want %t", name, got, want[0])
		}
		if got := IsIncrementName(name); got != want[1] {
			t.Errorf("IsIncrementName(%q) = %t, want %t", name, got, want[1])
		}
	}
	if EntityOf("IncrementCouponUsage") != "Coupon" || EntityOf("CountOrganisationMembers") != "Organisation" {
		t.Errorf("EntityOf does not take Increment and Count for verbs: %q, %q", EntityOf("IncrementCouponUsage"), EntityOf("CountOrganisationMembers"))
	}
}

func TestPresenceAndMarkerNames(t *testing.T) {
	for name, want := range map[string]Kind{
		"UserExists":          Exists,
		"CheckEmailExists":    Exists,
		"IsUsernameExist":     Exists,
		"UserExistsInOrg":     Exists,
		"IsEventProcessed":    Exists,
		"IsEmailTaken":        Exists,
		"WasWebhookSent":      Exists,
		"MarkEventProcessed":  Insert,
		"RecordHookDelivered": Insert,
		// Not presence: a state of a record, a validity, a bare verb.
		"IsEmailVerified":     None,
		"IsValid":             None,
		"IsUsernameAvailable": None,
		"MarkTokenUsed":       Update,
		"MarkSent":            Update,
	} {
		if got := ByName(name); got != want {
			t.Errorf("ByName(%q) = %v, want %v", name, got, want)
		}
	}
}
