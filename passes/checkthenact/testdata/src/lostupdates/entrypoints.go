package lostupdates

// entrypoints stands for the handlers, jobs and consumers that call this
// fixture's unexported functions in a service: checkthenact does not
// report a race in an unexported function nothing calls (dead code), and
// the near misses here must be silent for their own reasons.
var entrypoints = []any{addEarnings, addTip, allowCall, allowCallCounted, allowIP, allowIPLocked, applyCoupon, applyCouponAtomically, associateNode, countSent, like, mirrorLikes, recordTrip, replaceNodes, resetCoupon, resetViews, revokeIP, seedLikes, setAllowedIPs, setTeamAdmin, toggleTeamAdmin, toggleTeamAdminLocked, touchAndListIPs, trimIPs, view}
