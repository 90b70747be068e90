package shapes

// entrypoints stands for the handlers, jobs and consumers that call this
// fixture's unexported functions in a service: checkthenact does not
// report a race in an unexported function nothing calls (dead code), and
// the near misses here must be silent for their own reasons.
var entrypoints = []any{(*Store).countCategory, (*Store).createAccount, (*Store).createAccountAtomic, (*Store).createCategory, (*Store).createChildCategory, (*Store).importFeed, (*Store).importFeedIndirect, (*Store).refreshFeed, (*Store).refreshFeedIndirect, (*Store).signupHandled, (*Store).signupUnhandled, (*Store).subscribe, (*Store).tagID, (*Store).tagUse, (*Store).touchCategory, deliverEvent, inviteeLogin, login, register, registerOther, registerRecord, wxLogin}
