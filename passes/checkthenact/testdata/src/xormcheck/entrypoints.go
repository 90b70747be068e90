package xormcheck

// entrypoints stands for the handlers, jobs and consumers that call this
// fixture's unexported functions in a service: checkthenact does not
// report a race in an unexported function nothing calls (dead code), and
// the near misses here must be silent for their own reasons.
var entrypoints = []any{noteUnwatched, noticeFollowUp, noticeOnce, register, registerCount, registerCountLocked, registerExist, registerExistOnConflict, registerInvite, registerRaw, registerRawDuplicate, relateTasks, seedRelations, unfavoriteBoard, updateBoard, watchRepo, watchThroughGetter, settlePayout, settlePayoutLocked}
