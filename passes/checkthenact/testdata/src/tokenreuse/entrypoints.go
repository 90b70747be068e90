package tokenreuse

// entrypoints stands for the handlers, jobs and consumers that call this
// fixture's unexported functions in a service: checkthenact does not
// report a race in an unexported function nothing calls (dead code), and
// the near misses here must be silent for their own reasons.
var entrypoints = []any{cancelRequest, changeEmailByToken, checkoutCart, confirmAccountEmail, confirmHolder, confirmHolderInTx, dropSamlState, exchangeAuthorizationCode, exchangeAuthorizationCodeOnce, exchangeDeviceCode, exchangeDeviceCodeOnce, exchangeMagicLink, logout, redeem, redeemLocked, resendVerification, resetAccountPassword, resetHolder, resetHolderInTx, resetPassword, resetPasswordConsumedFirst, resetPasswordLocked, resetWithClaimHelper, resetWithMarkHelper, resetWithRequest, resetWithUserToken, rotateRefreshToken, rotateRefreshTokenLocked, touchAPIToken, unlockHolder, unlockHolderOnce, useRecoveryCode, useRecoveryCodeGuarded, useRecoveryCodeLocked, verifyCodeDelFirst, verifyCodeGetDel, verifyCodeInRedis, verifyEither, verifyEmail, verifyEmailAndSignIn, verifyEmailByUserToken, verifyEmailGuarded, verifyOTP, verifyOTPEither, verifySamlState, verifySubscriberEmail}
