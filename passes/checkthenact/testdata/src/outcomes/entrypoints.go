package outcomes

// entrypoints stands for the handlers, jobs and consumers that call this
// fixture's unexported functions in a service: checkthenact does not
// report a race in an unexported function nothing calls (dead code).
var entrypoints = []any{(*Store).countOne, (*Store).deliver, (*Store).enable, (*Store).findOrCreateID, (*Store).findOrCreateQuiet, (*Store).findThenCreate, (*Store).probe, (*Store).refresh, (*Store).selectThenInsert, (*Store).sessionOrCreate, (*Store).signInWithProvider, (*Store).tagID}
