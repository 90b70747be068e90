package ignoredclaims

// entrypoints stands for the handlers, jobs and consumers that call this
// fixture's unexported functions in a service: checkthenact does not
// report a race in an unexported function nothing calls (dead code), and
// the near misses here must be silent for their own reasons.
var entrypoints = []any{closeOrder, countAttempt, countVisit, deliver, deliverRead, expireTokens, finishBackup, finishExport, finishImport, nightly, notifyOnce, payOnce, payOnceRead, payOrder, payOrderOnce, remember, remindOnce, renotify, subscribe, tagPost, welcomeOnce}
