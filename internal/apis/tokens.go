package apis

import "slices"

// NamesOneTimeToken reports whether a name (a table, a repository method,
// a record type) says it holds a credential meant to be used once: a
// password-reset or verification token, an OTP or recovery code, an
// invitation, a redemption code, a captcha, an OAuth grant exchanged
// once for tokens (an authorization or device code; a refresh token,
// which rotation spends). Session, API and access tokens are used many
// times and do not count.
func NamesOneTimeToken(name string) bool {
	words := SplitWords(name)
	for _, w := range words {
		switch w {
		case "session", "api", "access", "personal", "bearer":
			return false
		}
	}
	for _, w := range words {
		switch w {
		case "token", "tokens", "otp", "otps", "passcode", "verification", "verifications", "verify", "activation", "activations", "recovery", "reset", "resets",
			"invite", "invites", "invitation", "invitations", "redemption", "redemptions", "captcha", "nonce", "magic":
			return true
		}
	}
	return namesOAuthCode(words)
}

// namesOAuthCode reports whether the words name an OAuth code
// (oidc_authorization_codes, DeviceCode): "code" beside the grant it
// belongs to. A status or error code has no such word.
func namesOAuthCode(words []string) bool {
	if !slices.Contains(words, "code") && !slices.Contains(words, "codes") {
		return false
	}
	for _, w := range words {
		switch w {
		case "authorization", "authorisation", "authorize", "auth", "device", "oauth", "grant":
			return true
		}
	}
	return false
}

// NamesConsumption reports whether a column or method name says it
// marks a one-time token spent: used, is_used, used_at, consumed,
// redeemed, MarkCodeUsed, ConsumeToken. last_used_at records a use of a
// token that stays valid and does not count.
func NamesConsumption(name string) bool {
	words := SplitWords(name)
	if slices.Contains(words, "last") {
		return false
	}
	for _, w := range words {
		switch w {
		case "used", "use", "consumed", "consume", "redeemed", "redeem", "spent", "invalidate":
			return true
		}
	}
	return false
}

// NamesTokenValue reports whether a name (a column, parameter, field or
// the qualifier of a ByX lookup) holds a token's secret value: token,
// code, otp, reset_token, VerificationCode.
func NamesTokenValue(name string) bool {
	for _, w := range SplitWords(name) {
		switch w {
		case "token", "code", "otp", "passcode", "nonce":
			return true
		}
	}
	return false
}

// NamesOneTimeCode reports whether a name (a helper, its package, or the
// constant text of a cache key) names a one-time token or a code sent to
// prove something once: NamesOneTimeToken's words, or "code" beside what
// it proves or where it was sent (VerifyCodeWithKey, "user:email-code:").
// "code" alone (a status, country or error code) does not count.
func NamesOneTimeCode(name string) bool {
	if NamesOneTimeToken(name) {
		return true
	}
	words := SplitWords(name)
	if !slices.Contains(words, "code") && !slices.Contains(words, "codes") {
		return false
	}
	for _, w := range words {
		switch w {
		case "verify", "verification", "email", "mail", "sms", "phone", "reset", "activation", "activate", "login", "signin", "totp", "twofa", "mfa":
			return true
		}
	}
	return false
}
