package redischeck

// entrypoints stands for the handlers, jobs and consumers that call this
// fixture's unexported functions in a service: checkthenact does not
// report a race in an unexported function nothing calls (dead code), and
// the near misses here must be silent for their own reasons.
var entrypoints = []any{cached, deliver, deliverNX, deliverOtherKey, getThenSet, notifyOnce, notifyPair, publishQueue, routePair, fileCount, fileCountFresh}
