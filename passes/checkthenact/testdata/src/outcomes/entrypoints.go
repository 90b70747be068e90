package outcomes

// entrypoints stands for the handlers, jobs and consumers that call this
// fixture's unexported functions in a service: checkthenact does not
// report a race in an unexported function nothing calls (dead code), and
// the near misses here must be silent for their own reasons.
var entrypoints = []any{(*Store).countOne, (*Store).countOnePresent, (*Store).deliver, (*Store).deliverOther, (*Store).enable, (*Store).enableAlways, (*Store).findOrCreateID, (*Store).findOrCreateQuiet, (*Store).findThenCreate, (*Store).findThenCreateOther, (*Store).probe, (*Store).probeFailed, (*Store).refresh, (*Store).refreshPresent, (*Store).refreshSession, (*Store).selectThenInsert, (*Store).selectThenInsertPresent, (*Store).sessionOrCreate, (*Store).signInAndRelink, (*Store).signInWithProvider, (*Store).tagID, (*Store).tagIDByName}
