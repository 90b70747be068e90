package repocheck

// entrypoints stands for the handlers, jobs and consumers that call this
// fixture's unexported functions in a service: checkthenact does not
// report a race in an unexported function nothing calls (dead code), and
// the near misses here must be silent for their own reasons.
var entrypoints = []any{bookBeside, bookSlot, consume, consumeAtomic, enableBeta, ensureCollection, ensureOrgConditional, ensureOrgGetOrCreate, ensureOrgPlain, ensureProfile, fillBio, follow, followAsOwner, inviteToTeam, join, joinAs, mailBalance, onDelivered, onEvent, onPaid, onVisited, placeWithKey, receive, receiveReadOnly, redeem, refreshKey, registerComparesCheck, registerComparesOther, registerComparesTaken, registerHandlesTaken, rename, resendWelcome, sample, signUp, signUpAtomic, subscribe}
