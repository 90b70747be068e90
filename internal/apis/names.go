package apis

import (
	"slices"
	"strings"
	"unicode"
)

// ByName classifies a method whose body the analysis cannot see (an
// interface method) from its name alone. Only names whose meaning is
// unambiguous count: ExistsByKey, IsProcessed, InsertPayment, TryClaim.
// A name such as Save, Get or Has could mean anything and returns None.
func ByName(name string) Kind {
	switch {
	case IsConditionalInsertName(name):
		return CondInsert
	case hasWordPrefix(name, "Exists"), hasWordPrefix(name, "IsProcessed"),
		hasWordPrefix(name, "IsDuplicate"), hasWordPrefix(name, "AlreadyProcessed"),
		hasWordPrefix(name, "WasProcessed"), hasWordPrefix(name, "HasProcessed"),
		hasWordPrefix(name, "HasBeenProcessed"), hasWordPrefix(name, "IsSeen"),
		hasWordPrefix(name, "WasSeen"), hasWordPrefix(name, "HasSeen"):
		return Exists
	case hasWordPrefix(name, "TryClaim"), hasWordPrefix(name, "Claim"),
		hasWordPrefix(name, "Reserve"), hasWordPrefix(name, "TryReserve"):
		return Claim
	case hasWordPrefix(name, "MarkProcessed"), hasWordPrefix(name, "MarkAsProcessed"),
		hasWordPrefix(name, "MarkSeen"), hasWordPrefix(name, "MarkHandled"),
		hasWordPrefix(name, "RecordProcessed"), hasWordPrefix(name, "SetProcessed"),
		hasWordPrefix(name, "Insert"), hasWordPrefix(name, "Create"):
		return Insert
	case hasWordPrefix(name, "Update"), hasWordPrefix(name, "Mark"),
		hasWordPrefix(name, "SetStatus"), hasWordPrefix(name, "SetState"),
		IsIncrementName(name):
		return Update
	case hasWordPrefix(name, "Delete"), hasWordPrefix(name, "Remove"):
		return Delete
	}
	return None
}

// IsPresenceTestName reports whether a name asks whether a record or a
// marker is there, with its noun inside: UserExists, CheckEmailExists,
// IsUsernameExist, UserExistsByEmail, IsEventProcessed, IsEmailTaken,
// HasTokenBeenUsed, WasWebhookDelivered. Unlike ByName's names, these are
// taken only from the module's own interfaces: a library's
// CollectionExists or BucketExists asks about its schema, not a row.
func IsPresenceTestName(name string) bool {
	words := camelWords(TrimQualifier(name))
	if len(words) < 2 {
		return false
	}
	last := words[len(words)-1]
	if last == "Exists" || last == "Exist" {
		return true
	}
	switch words[0] {
	case "Is", "Has", "Was", "Already":
		return presenceStates[last]
	}
	return false
}

// IsAvailabilityTestName reports whether a name asks whether a name or
// key is still free, true when no row has it (the presence test turned
// round): IsEmailAvailable, CheckUsernameAvailable, IsSlugFree,
// IsHandleUnique.
func IsAvailabilityTestName(name string) bool {
	words := camelWords(TrimQualifier(name))
	if len(words) < 3 || slices.Contains(words, "Not") || words[0] != "Is" && words[0] != "Check" {
		return false
	}
	switch words[len(words)-1] {
	case "Available", "Free", "Unique":
		return true
	}
	return false
}

// IsNewRecordName reports whether a repository's method name makes a new
// record of its noun: NewSignup(ctx, fields), NewSession(ctx, user).
func IsNewRecordName(name string) bool {
	return hasWordPrefix(name, "New") && len(name) > len("New")
}

// IsMarkerName reports whether a name records that something was done,
// with its noun inside: MarkEventProcessed, RecordWebhookDelivered,
// SetMessageHandled. Like MarkProcessed, it inserts the marker that a
// presence test (IsEventProcessed) looks for; like IsPresenceTestName,
// it is read on the module's own interfaces only.
func IsMarkerName(name string) bool {
	words := camelWords(TrimQualifier(name))
	if len(words) < 3 {
		return false
	}
	switch words[0] {
	case "Mark", "Record", "Set":
		return markerStates[words[len(words)-1]]
	}
	return false
}

// IsBareDedupTestName reports whether a one-word method name asks a
// dedup log whether it holds a key: Seen, Processed, Handled, Known. The
// caller confirms the interface also records keys (IsBareDedupMarkName)
// and that the method answers a bool.
func IsBareDedupTestName(name string) bool {
	switch name {
	case "Seen", "Processed", "Handled", "Known", "Contains", "Has":
		return true
	}
	return false
}

// IsBareDedupMarkName reports whether a one-word method name records a
// key in a dedup log: Record, Mark, Remember, Track.
func IsBareDedupMarkName(name string) bool {
	switch name {
	case "Record", "Mark", "Remember", "Track":
		return true
	}
	return false
}

// presenceStates are the last words of a presence test: the record or
// marker is there, the name taken, the token spent.
var presenceStates = map[string]bool{
	"Processed": true, "Handled": true, "Seen": true, "Taken": true, "Registered": true,
	"Duplicate": true, "Duplicated": true, "Used": true, "Consumed": true, "Redeemed": true,
	"Claimed": true, "Delivered": true, "Sent": true,
	// A relation between two keys, one row each: IsFollowing(a, b).
	"Following": true, "Member": true, "Subscribed": true, "Enrolled": true, "Liked": true,
	"Starred": true, "Bookmarked": true, "Blocked": true, "Muted": true, "Friend": true,
	"Friends": true, "Joined": true, "Favorited": true, "Favourited": true, "Watching": true,
}

// markerStates are the last words of a marker's name: the states a
// processed-marker records, not a token's (MarkTokenUsed updates the
// token row: a status write).
var markerStates = map[string]bool{"Processed": true, "Handled": true, "Seen": true, "Delivered": true, "Sent": true}

// IsConditionalInsertName reports whether a method name says it creates
// the record only when it is absent, in one step: InsertIfAbsent,
// CreateUserIfNotExists, TryInsert, UpsertPayment, GetOrCreateOrg,
// AddSurchargeOnce, CreateIdempotent. Such a
// call is no plain insert racing its check: at most one caller creates.
func IsConditionalInsertName(name string) bool {
	for _, p := range []string{"TryInsert", "TryCreate", "Upsert", "GetOrCreate", "FindOrCreate", "LoadOrCreate", "InsertOrIgnore", "InsertIgnore", "CreateOrGet"} {
		if hasWordPrefix(name, p) {
			return true
		}
	}
	for _, s := range []string{"IfAbsent", "IfNotExists", "IfNotExist", "IfMissing", "IfNew", "SkippingExisting", "SkipExisting", "IgnoringDuplicates", "IgnoreDuplicates", "IgnoringConflicts", "OnConflictDoNothing", "Idempotent", "Idempotently"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	// AddSurchargeOnce, ApplyOnce, GrantOnce: a write that says it runs
	// once per key. Not RunOnce, LoadOnce or DoOnce, which memoise in the
	// process.
	return strings.HasSuffix(name, "Once") && onceVerbs[firstWord(name)]
}

// onceVerbs are the first words of a write "...Once" makes happen once.
var onceVerbs = map[string]bool{
	"Add": true, "Apply": true, "Grant": true, "Create": true, "Insert": true, "Record": true, "Charge": true,
	"Credit": true, "Debit": true, "Process": true, "Handle": true, "Send": true, "Deliver": true, "Capture": true,
	"Refund": true, "Pay": true, "Book": true, "Redeem": true, "Accrue": true, "Award": true, "Issue": true,
}

// IsIncrementName reports whether a method name says it adds to or takes
// from a stored number: IncrementCouponUsage, IncrUsedCount,
// DecreaseStock, DeductBalance. Each call changes the number again, so a
// second run takes twice.
func IsIncrementName(name string) bool {
	for _, p := range []string{"Increment", "Incr", "Increase", "Decrement", "Decr", "Decrease", "Deduct"} {
		if hasWordPrefix(name, p) {
			return true
		}
	}
	return false
}

// IsAdjustName reports whether a method name says it changes a stored
// amount by what it is given: AdjustStock, AdjustBalance. Unlike an
// Increment, the name alone can mean a new absolute value; the caller
// confirms it by a parameter that is an amount, not a key.
func IsAdjustName(name string) bool {
	return hasWordPrefix(name, "Adjust") && len(name) > len("Adjust")
}

// IsIDName reports whether a parameter or field name says it holds a
// key: id, productID, orderId, user_id.
func IsIDName(name string) bool {
	lower := strings.ToLower(name)
	return lower == "id" || strings.HasSuffix(name, "ID") || strings.HasSuffix(name, "Id") || strings.HasSuffix(lower, "_id")
}

// IsSetterName reports whether a method name sets a value it names:
// SetPaymentIntent, SetLastSent, SetVerified. Alone it says nothing (a
// SetLogger configures); the caller confirms a repository's setter by
// its shape (a key and a value) and its interface (one that also looks
// records up).
func IsSetterName(name string) bool {
	return hasWordPrefix(name, "Set") && len(name) > len("Set")
}

// transitionVerbs start the names of repository methods that move a
// record to the state they name: AcceptInvitation, CompleteOrder,
// RedeemCoupon. (Capture, Pay and Refund are effects: effectVerbs.)
var transitionVerbs = []string{
	"Accept", "Approve", "Reject", "Confirm", "Complete", "Cancel", "Close", "Finish", "Finalize", "Finalise",
	"Fulfill", "Fulfil", "Activate", "Deactivate", "Archive", "Expire", "Revoke", "Redeem", "Consume", "Settle",
}

// IsTransitionName reports whether a method name says it moves a record
// to a new state: AcceptInvitation, CompleteOrder. Alone it says nothing
// (a Close releases a client); the caller confirms the shape (a key in,
// only an error out) and the interface (one that also looks records up).
func IsTransitionName(name string) bool {
	for _, v := range transitionVerbs {
		if hasWordPrefix(name, v) {
			return true
		}
	}
	return false
}

// IsSaveName reports whether a method name says it writes a record back
// whole: Save, SaveUser, Store, PersistOrder. The caller confirms the
// shape (a record handed in) and the interface (one that also looks
// records up).
func IsSaveName(name string) bool {
	return hasWordPrefix(name, "Save") || hasWordPrefix(name, "Store") || hasWordPrefix(name, "Persist")
}

// IsPutName reports whether a method name is Put or starts with it: a
// store's write of a record, which inserts a new one (Put(&User{...}))
// and may insert or update one loaded before.
func IsPutName(name string) bool { return hasWordPrefix(name, "Put") }

// IsStateLookupName reports whether a method name says it looks up the
// state of a record: GetOrderStatus, FetchPaymentState, GetStatusByID.
// The caller confirms the shape (a string returned).
func IsStateLookupName(name string) bool {
	for _, verb := range []string{"Get", "Find", "Lookup", "Load", "Fetch"} {
		if hasWordPrefix(name, verb) {
			rest := TrimQualifier(name[len(verb):])
			return strings.HasSuffix(rest, "Status") || strings.HasSuffix(rest, "State")
		}
	}
	return false
}

// IsOwnerLookupName reports whether a method name says it looks up who
// or what a name belongs to: GetRoomIDForAlias,
// SelectLocalpartForThreePID, FindUserIDByEmail. The answer is an id (the
// caller confirms a string), empty when nothing holds the name: a
// presence test of the name.
func IsOwnerLookupName(name string) bool {
	for _, verb := range []string{"Get", "Find", "Lookup", "Load", "Fetch", "Select"} {
		if !hasWordPrefix(name, verb) {
			continue
		}
		words := camelWords(name[len(verb):])
		for i, w := range words {
			if (w == "For" || w == "By") && i > 0 && i < len(words)-1 {
				return true
			}
		}
	}
	return false
}

// IsPendingListName reports whether a method name says it lists the
// records still waiting for work: GetPendingEmails, ListUnsentReminders,
// FindDueInvoices. The caller confirms the shape (a list of records
// returned) before treating each element as having passed that test.
func IsPendingListName(name string) bool {
	for _, verb := range []string{"Get", "List", "Find", "Fetch", "Load", "Select"} {
		if hasWordPrefix(name, verb) {
			word := firstWord(name[len(verb):])
			return pendingWords[word] || strings.HasSuffix(word, "ed") && len(word) > 4 && !doneWords[word]
		}
	}
	return false
}

// IsStateListName reports whether a method name lists records by a
// state its caller names: ListByStatus(ctx, "scheduled"),
// FindByState, GetOrdersWithStatus. Which state is the argument's; a
// caller that acts on each element and moves its state has the list's
// WHERE as its gate.
func IsStateListName(name string) bool {
	for _, verb := range []string{"Get", "List", "Find", "Fetch", "Load", "Select"} {
		if hasWordPrefix(name, verb) {
			rest := name[len(verb):]
			for _, suffix := range []string{"ByStatus", "ByState", "WithStatus", "WithState", "InStatus", "InState"} {
				if strings.HasSuffix(rest, suffix) {
					return true
				}
			}
		}
	}
	return false
}

// doneWords are the states of work finished: a list of them is history,
// not work to pick up (a state ending in -ed that is not one, Abandoned
// or Overdue-like Lapsed, still waits for someone).
var doneWords = map[string]bool{
	"Completed": true, "Processed": true, "Delivered": true, "Confirmed": true, "Paid": true, "Finished": true,
	"Closed": true, "Resolved": true, "Succeeded": true, "Deleted": true, "Archived": true, "Cancelled": true,
	"Canceled": true, "Verified": true, "Accepted": true, "Approved": true, "Published": true, "Handled": true,
	"Notified": true, "Reminded": true, "Used": true, "Redeemed": true, "Registered": true, "Linked": true,
	"Related": true, "Selected": true, "Joined": true, "Owned": true, "Shared": true, "Starred": true, "Blocked": true,
}

// pendingWords are the states of work not yet done; any other state
// ending in -ed that doneWords does not list counts too
// (ListAbandonedCarts).
var pendingWords = map[string]bool{
	"Pending": true, "Unsent": true, "Unprocessed": true, "Queued": true, "Due": true, "Undelivered": true,
	"Unpaid": true, "Unconfirmed": true, "Unnotified": true, "Outstanding": true, "Retryable": true,
	"Failed": true, "Expired": true, "Stale": true, "Waiting": true, "Scheduled": true, "Unhandled": true,
}

// IsCountName reports whether a method name says it counts records:
// CountMembers, CountOrganisationInvites, GetUserCount. The caller
// confirms the shape (a number returned) before treating the call as a
// count, which a limit is compared with.
func IsCountName(name string) bool {
	return hasWordPrefix(name, "Count") || hasWordPrefix(name, "Get") && strings.HasSuffix(TrimQualifier(name[len("Get"):]), "Count")
}

// IsLookupName reports whether a method name says it loads one record by
// its key: Get, Find, Lookup, Load, Fetch, List, a name ending in ByID or
// ByKey, or one that is only the key (ByCode, ByEmail on a store of one
// kind of row). The caller confirms the shape (a record and an error
// returned) before treating the call as a read.
func IsLookupName(name string) bool {
	for _, p := range []string{"Get", "Find", "Lookup", "Load", "Fetch", "List", "By"} {
		if hasWordPrefix(name, p) {
			return true
		}
	}
	return strings.HasSuffix(name, "ByID") || strings.HasSuffix(name, "ById") || strings.HasSuffix(name, "ByKey") || nounByKey(name)
}

// nounByKey reports whether a name is a noun and the key it is found by,
// with no verb: TagsBySlug, UserByEmail (not UpdateByID, SendByEmail).
func nounByKey(name string) bool {
	words := camelWords(name)
	if len(words) < 3 || words[0] == "By" || slices.Contains(nameVerbs, words[0]) || IsEffectName(words[0]) {
		return false
	}
	return slices.Contains(words[1:len(words)-1], "By")
}

// IsRecordWriteName reports whether a method name says it stores a
// record: Insert*, Create*, Add*, Save*, Store*, Put*, Record*, Log*,
// Register*.
func IsRecordWriteName(name string) bool {
	for _, verb := range []string{"Insert", "Create", "Add", "Save", "Store", "Put", "Record", "Log", "Register"} {
		if hasWordPrefix(name, verb) {
			return true
		}
	}
	return false
}

// IsInsertOutcomeName reports whether a bool result's name says the call
// made a new row: created, inserted, added, isNew, fresh, first.
func IsInsertOutcomeName(name string) bool {
	switch strings.ToLower(name) {
	case "created", "inserted", "added", "isnew", "new", "fresh", "first", "recorded", "stored", "saved", "registered", "logged", "wascreated", "wasinserted":
		return true
	}
	return false
}

// IsAddName reports whether a method name of an application's own
// interface adds a record or an amount: AddUser, AddSubscription,
// AddMember, AddBalance, or registers an account (Register,
// RegisterUser, as a user service's RPC client calls it). Run twice,
// each adds twice. A bare Add (a metrics counter's, a set's) names no
// record and does not count.
func IsAddName(name string) bool {
	return hasWordPrefix(name, "Add") && len(name) > len("Add") || hasWordPrefix(name, "Register")
}

// effectVerbs start the names of calls that act on the world outside the
// database: running one twice sends, charges or publishes twice.
var effectVerbs = []string{
	"Send", "Publish", "Charge", "Notify", "Email", "Mail", "Deliver", "Dispatch", "Emit",
	"Enqueue", "Credit", "Debit", "Refund", "Pay", "Payout", "Transfer", "Capture", "Push",
	"Produce", "Broadcast", "Trigger", "Fire", "Grant", "Award", "Issue", "Buy", "Purchase",
}

// IsEffectName reports whether the name of a method of an application
// interface, or of a func-typed field or parameter, says it has an
// external effect: send, publish, charge, notify, credit, refund. The
// first letter's case does not matter (a field named notify counts).
func IsEffectName(name string) bool {
	if name == "" {
		return false
	}
	name = strings.ToUpper(name[:1]) + name[1:]
	for _, v := range effectVerbs {
		if hasWordPrefix(name, v) {
			return true
		}
	}
	return false
}

// IsClaimName reports whether a function name says it records an
// idempotency claim or a processed marker.
func IsClaimName(name string) bool {
	switch ByName(name) {
	case Claim:
		return true
	case Insert:
		return !hasWordPrefix(name, "Insert") && !hasWordPrefix(name, "Create")
	}
	return false
}

// IsClaimTable reports whether a table name says it stores idempotency
// keys, dedup markers, processed events or an inbox.
func IsClaimTable(table string) bool {
	t := strings.ToLower(table)
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		t = t[i+1:]
	}
	for _, w := range []string{"idempoten", "dedup", "processed", "inbox", "claim", "request_key", "requestkey", "seen_", "handled_"} {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// hasWordPrefix reports whether name starts with prefix and the prefix ends
// at a word boundary: "ExistsByKey" and "Exists" match "Exists", but
// "Existsential" does not; "CreateOrder" matches "Create", "Created" not.
func hasWordPrefix(name, prefix string) bool {
	if !strings.HasPrefix(name, prefix) {
		return false
	}
	rest := name[len(prefix):]
	return rest == "" || unicode.IsUpper(rune(rest[0])) || rest[0] == '_'
}

// nameVerbs are the verbs repository method names start with.
var nameVerbs = append([]string{
	"Exists", "Get", "Find", "Lookup", "Load", "Fetch", "Create", "Insert", "Update", "Mark",
	"SetStatus", "SetState", "Save", "Upsert", "Delete", "Remove", "Add", "Put", "Store", "Count",
	"Increment", "Incr", "Increase", "Decrement", "Decr", "Decrease", "Deduct",
}, transitionVerbs...)

// TrimQualifier cuts the words of a method name from its first
// By/For/With/If/From/In/On qualifier after the first word on: "User"
// for "UserByName", "PostTime" for "PostTimeForQuestion".
func TrimQualifier(rest string) string {
	for _, q := range []string{"By", "For", "With", "If", "From", "In", "On"} {
		for i := 1; i+len(q) <= len(rest); i++ {
			if rest[i:i+len(q)] == q && (i+len(q) == len(rest) || unicode.IsUpper(rune(rest[i+len(q)]))) {
				rest = rest[:i]
				break
			}
		}
	}
	return rest
}

// EntityOf returns the entity a repository method name is about, the
// words between the verb and a By/For/With/If qualifier, without a
// trailing Status or State, down to its first word: "User" for
// GetUserByName, CreateUser and CreateUserWithoutPassword,
// "Order" for UpdateOrderStatus. It returns "" when the name has no noun
// after its verb (Get, ExistsByMessageID, UpdateStatus).
func EntityOf(name string) string {
	rest := ""
	for _, v := range nameVerbs {
		if hasWordPrefix(name, v) {
			rest = name[len(v):]
			break
		}
	}
	rest = TrimQualifier(rest)
	if firstWord(rest) == "By" || firstWord(rest) == "Or" {
		return "" // GetByEmail, CreateOrGet: no noun
	}
	// MarkPaid and MarkAsShipped name the state the row moves to, and
	// no noun: the row is the one the key picks. MarkOrderPaid names it.
	if hasWordPrefix(name, "Mark") {
		rest = strings.TrimPrefix(rest, "As")
		if firstWord(rest) == rest {
			return ""
		}
	}
	// UpdateOrderStatus is about the order; UpdateStatus about no noun.
	for _, state := range []string{"Status", "State"} {
		rest = strings.TrimSuffix(rest, state)
	}
	// GetPendingInvite and CountActiveSessions are about invites and
	// sessions: a state word in front of the noun is not the noun.
	for {
		w := firstWord(rest)
		if !stateAdjectives[w] {
			return w
		}
		if w == rest {
			// CountAll, GetAll, FindOpen (once ByPhone is trimmed): rows
			// picked by their state, no noun.
			return ""
		}
		rest = rest[len(w):]
	}
}

// stateAdjectives are the words that stand before an entity in a method
// name to select some of its rows: the Pending in GetPendingInvite.
var stateAdjectives = map[string]bool{
	"Active": true, "Pending": true, "Recent": true, "Open": true, "Unread": true, "Unused": true,
	"Valid": true, "Enabled": true, "Existing": true, "Latest": true, "Last": true, "Total": true,
	"All": true, "Current": true, "Expired": true, "Verified": true, "Unverified": true, "Used": true,
}

// firstWord returns the first CamelCase word of s: the entity of
// "UserWithoutPassword" is the user.
func firstWord(s string) string {
	for i := 1; i < len(s); i++ {
		if unicode.IsUpper(rune(s[i])) {
			return s[:i]
		}
	}
	return s
}

// IsLockName reports whether a function's name says it acquires a lock
// (Lock, TryLock, AcquireLock, LockWithWait, lockRow, redislock's Obtain,
// a job picker's GetAndLockUnreplicatedObject), not that it releases one
// or asks about one (Unlock, IsLocked, GetLockOwner, ReleaseLock).
func IsLockName(name string) bool {
	if name == "Obtain" {
		return true
	}
	found := false
	words := camelWords(name)
	for i, w := range words {
		if strings.EqualFold(w, "and") && i+1 < len(words) && strings.EqualFold(words[i+1], "lock") {
			return true // it gets a row and locks it: the lock is what it does last
		}
	}
	for _, w := range words {
		switch strings.ToLower(w) {
		case "unlock", "locked", "is", "get", "release", "has":
			return false
		case "lock":
			found = true
		}
	}
	return found
}

// camelWords splits a Go name at its upper-case letters: lockWithWait is
// lock, With, Wait.
func camelWords(name string) []string {
	var words []string
	start := 0
	for i := 1; i < len(name); i++ {
		if unicode.IsUpper(rune(name[i])) {
			words = append(words, name[start:i])
			start = i
		}
	}
	return append(words, name[start:])
}

// HasAnyPrefix reports whether s starts with one of the prefixes.
func HasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// HasAnySuffix reports whether s ends with one of the suffixes.
func HasAnySuffix(s string, suffixes ...string) bool {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

// IsCollisionName reports whether the name of a package-level error says
// the key is taken: ErrDuplicate, ErrAlreadyExists, ErrUniqueViolation,
// ErrNameTaken.
func IsCollisionName(name string) bool {
	name = strings.ToLower(name)
	for _, w := range []string{"duplicate", "exists", "unique", "taken", "collision"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// IsWebhookReceiverName reports whether the name of an HTTP handler says
// it receives a webhook another service posts (and posts again when its
// delivery fails or times out): StripeWebhook, parcelNetHook,
// HandleWebhookEvent, PostWebhook, and a payment provider's asynchronous
// notification (AlipayNotify, PaymentCallback, WxPayNotifyHandler). Not a
// handler that manages the program's own outgoing hooks (CreateHook,
// ListWebhooks, RedeliverHook, TestWebhook), nor a sign-in callback
// (OAuthCallback: no payment word).
func IsWebhookReceiverName(name string) bool {
	hook, notice, payment := false, false, false
	for _, w := range camelWords(name) {
		switch strings.ToLower(w) {
		case "create", "add", "new", "register", "get", "list", "update", "edit", "delete", "remove",
			"redeliver", "retry", "resend", "test", "ping", "sync", "recreate", "enable", "disable",
			"set", "save", "show", "find", "send", "trigger", "fire", "dispatch", "hooks", "webhooks",
			"is", "has", "check", "verify", "validate", "parse", "ensure",
			"pre", "before", "after", "execute", "run":
			return false // managing hooks, a helper's test, or a lifecycle hook
		case "webhook", "hook":
			hook = true
		case "notify", "notification", "callback", "ipn":
			notice = true
		case "pay", "payment", "alipay", "wxpay", "wechat", "epay", "stripe", "paypal", "order", "trade",
			"charge", "checkout", "invoice", "billing", "recharge", "topup":
			payment = true
		}
	}
	return hook || notice && payment
}
