package statusgate

// entrypoints stands for the handlers, jobs and consumers that call this
// fixture's unexported functions in a service: checkthenact does not
// report a race in an unexported function nothing calls (dead code).
var entrypoints = []any{(*lnPayments).settlePendingAnyway, (*lnPayments).settlePendingLoud, activate, announceUntitled, announceUntitledDo, announceVia, archiveProject, cancelPlan, cancelWithRefund, captureInto, captureLockedBriefly, captureLockedNotRetested, capturePgx, capturePgxCollected, capturePgxLockedOnPool, captureThroughLoader, captureWebhook, confirmCheckout, confirmCheckoutDeep, confirmCheckoutInTx, confirmCheckoutThroughHelper, creditOnce, creditOpenInvoice, dispatchDelivery, dispatchDeliveryCounted, failJobCounted, flushOutbox, handleWebhook, handleWebhookMarkedFirst, logout, mailReturnReceipt, markPaid, payoutReturnRequestKey, refundReturn, refundReturnClient, refundReturnFreshKey, removeHook, resendReceipt, retryPayout, retryPayoutContains, retryPayoutInSet, retryPayoutInStates, retryPayoutSwitch, retryPayoutUnlessOther, shipWebhook, signInCounting, signInLocking, startJob, unlockSponsor}
