package apis

import "testing"

func TestMessageKind(t *testing.T) {
	for name, want := range map[string]Kind{
		"GetUserByEmail":       Read,
		"RegisterUser":         Insert,
		"RegisterUserProvider": Insert,
		"CreateTenant":         Insert,
		"UpsertUser":           CondInsert,
		"SendMail":             Effect,
		"DeleteTag":            Delete,
		"LogInfo":              None,
		"Registered":           None,
	} {
		if got := MessageKind(name); got != want {
			t.Errorf("MessageKind(%q) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]string{
		"GetUserByEmail":       "User",
		"RegisterUser":         "User",
		"RegisterUserProvider": "User",
		"CreateTenant":         "Tenant",
	} {
		if got := MessageEntity(name); got != want {
			t.Errorf("MessageEntity(%q) = %q, want %q", name, got, want)
		}
	}
}
