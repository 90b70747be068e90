package apis

import "testing"

func TestNamesOneTimeToken(t *testing.T) {
	for name, want := range map[string]bool{
		"password_reset_tokens":    true,
		"OidcAuthorizationCode":    true,
		"oauth_device_codes":       true,
		"OidcRefreshToken":         true,
		"AuthCode":                 true,
		"StatusCode":               false, // a code, but of no grant
		"country_codes":            false,
		"DeviceName":               false, // the grant's word without a code
		"OauthAccessToken":         false, // used many times
		"personal_access_tokens":   false,
		"EmailVerificationRequest": true,
	} {
		if got := NamesOneTimeToken(name); got != want {
			t.Errorf("NamesOneTimeToken(%q) = %v, want %v", name, got, want)
		}
	}
}
