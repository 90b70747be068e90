package fixesent

// entrypoints stands for the handlers, jobs and consumers that call this
// fixture's unexported functions in a service: checkthenact does not
// report a race in an unexported function nothing calls (dead code).
var entrypoints = []any{addArticle, addCoupon, addInvite, addMember, addMemberByLogin, addNote, addOrg, addSubscriber, addToken, addUser}
