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
		"GetPendingInvite":          "Invite",
		"CountActiveSessions":       "Sessions",
		"GetActive":                 "", // rows picked by their state, no noun
		"CountAll":                  "",
		"CreateOrGet":               "",
		"CreateOrUpdateUser":        "",
		"Byline":                    "",
		"GetBylineDraft":            "Byline",
		"MarkPaid":                  "",
		"MarkAsShipped":             "",
		"MarkOrderPaid":             "Order",
		"MarkEventProcessed":        "Event",
		"AcceptInvitation":          "Invitation",
		"CompleteOrder":             "Order",
	} {
		if got := EntityOf(name); got != want {
			t.Errorf("EntityOf(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestIsTransitionName(t *testing.T) {
	for name, want := range map[string]bool{
		"AcceptInvitation": true, "CompleteOrder": true, "RedeemCoupon": true, "Close": true,
		"Closet": false, "CapturePayment": false, "UpdateOrder": false, "Accepted": false,
	} {
		if got := IsTransitionName(name); got != want {
			t.Errorf("IsTransitionName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestIsEffectName(t *testing.T) {
	for name, want := range map[string]bool{
		"SendReceipt": true, "notify": true, "Publish": true, "Credit": true, "sendEmail": true,
		"BuyLabel": true, "PurchaseCredits": true, "Buyer": false, "Purchases": false,
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
		"AddSurchargeOnce":        CondInsert,
		"GrantOnce":               CondInsert,
		"CreateIdempotent":        CondInsert,
		"RunOnce":                 None,
		"LoadOnce":                None,
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
		"GetAndLockUnreplicatedObject": true, "FetchAndLock": true, "GetAndUnlock": false, "GetLock": false,
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
	for name, want := range map[string][2]bool{
		"UserExists":          {true, false},
		"CheckEmailExists":    {true, false},
		"IsUsernameExist":     {true, false},
		"UserExistsInOrg":     {true, false},
		"IsEventProcessed":    {true, false},
		"IsEmailTaken":        {true, false},
		"WasWebhookSent":      {true, false},
		"MarkEventProcessed":  {false, true},
		"RecordHookDelivered": {false, true},
		"IsFollowing":         {true, false},
		"IsMember":            {true, false},
		// Not presence: a state of a record, a validity, an inverse
		// question, a token's state write, a bare verb.
		"IsEmailVerified":     {false, false},
		"IsValid":             {false, false},
		"IsUsernameAvailable": {false, false},
		"MarkTokenUsed":       {false, false},
		"MarkSent":            {false, false},
		"IsOwner":             {false, false},
	} {
		if got := IsPresenceTestName(name); got != want[0] {
			t.Errorf("IsPresenceTestName(%q) = %t, want %t", name, got, want[0])
		}
		if got := IsMarkerName(name); got != want[1] {
			t.Errorf("IsMarkerName(%q) = %t, want %t", name, got, want[1])
		}
	}
}

func TestIsPendingListName(t *testing.T) {
	for name, want := range map[string]bool{
		"GetPendingEmails": true, "ListUnsentReminders": true, "FindDueInvoices": true, "SelectQueuedJobs": true,
		"ListAbandoned": true, "GetLapsedSubscriptions": true,
		// Near misses: a state of work done, a short word.
		"ListCompletedOrders": false, "GetLinkedAccounts": false, "ListRed": false,
		// Near misses: no state of work, a state word inside another
		// word, a state word not right after the verb.
		"GetEmails": false, "ListPendingness": false, "GetUserPendingEmails": false, "SendPendingEmails": false, "Pending": false,
	} {
		if got := IsPendingListName(name); got != want {
			t.Errorf("IsPendingListName(%q) = %t, want %t", name, got, want)
		}
	}
}

func TestIsLookupNameNounByKey(t *testing.T) {
	for name, want := range map[string]bool{
		"TagsBySlug": true, "UserByEmail": true, "ByCode": true, "GetUser": true, "ListForSlot": true,
		// Near misses: a verb first, a bare qualifier, no key.
		"UpdateUserByEmail": false, "SendByEmail": false, "Tags": false, "DeleteUserByEmail": false, "Listen": false,
	} {
		if got := IsLookupName(name); got != want {
			t.Errorf("IsLookupName(%q) = %t, want %t", name, got, want)
		}
	}
}

func TestIsStateListName(t *testing.T) {
	for name, want := range map[string]bool{
		"ListByStatus": true, "GetOrdersWithStatus": true, "FindByState": true,
		// Near misses: a lookup by key, a state read, not a list verb.
		"ListByUser": false, "GetOrderStatus": false, "UpdateByStatus": false,
	} {
		if got := IsStateListName(name); got != want {
			t.Errorf("IsStateListName(%q) = %t, want %t", name, got, want)
		}
	}
}

func TestIsSaveName(t *testing.T) {
	for name, want := range map[string]bool{
		"Save": true, "SaveUser": true, "Saved": false, "Savepoint": false, "GetSaved": false,
		"Store": true, "PersistOrder": true, "Stored": false, "Storage": false,
	} {
		if got := IsSaveName(name); got != want {
			t.Errorf("IsSaveName(%q) = %t, want %t", name, got, want)
		}
	}
}

func TestIsStateLookupName(t *testing.T) {
	for name, want := range map[string]bool{
		"GetOrderStatus": true, "FetchPaymentState": true, "GetStatusByID": true, "LoadStatus": true,
		"GetOrderMemo": false, "UpdateOrderStatus": false, "GetStatusCode": false, "GetStatement": false,
	} {
		if got := IsStateLookupName(name); got != want {
			t.Errorf("IsStateLookupName(%q) = %t, want %t", name, got, want)
		}
	}
}

func TestIsWebhookReceiverName(t *testing.T) {
	for name, want := range map[string]bool{
		"StripeWebhook": true, "parcelNetHook": true, "PostWebhook": true, "handleWebhook": true,
		"TelegramBotWebHook": true, "ReceiveWebhookEvent": true, "BounceWebhook": true,
		"AlipayNotify": true, "WxPayNotifyHandler": true, "PaymentCallback": true, "ThirdPaymentWxPayCallback": true,
		"CreateHook": false, "ListWebhooks": false, "RedeliverHook": false, "TestWebhook": false, "UpdateHook": false,
		"isHookMasterKeyRequest": false, "VerifyWebhook": false, "ExecuteVerificationPreHook": false,
		"OAuthCallback": false, "GetOidcCallback": false, "HandleCallback": false, "NotifyUsers": false, "": false,
	} {
		if got := IsWebhookReceiverName(name); got != want {
			t.Errorf("IsWebhookReceiverName(%q) = %t, want %t", name, got, want)
		}
	}
}
