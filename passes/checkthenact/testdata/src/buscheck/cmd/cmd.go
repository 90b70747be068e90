// Package cmd holds the bus's write messages.
package cmd

import "buscheck/query"

type RegisterUser struct{ User *query.User }

type UpsertUser struct{ User *query.User }

type SendWelcomeMail struct{ Email string }

type LogInfo struct{ Message string }

type IncrementVerificationAttempts struct{ Key string }

type SetVerificationNote struct {
	Key  string
	Note string
}

type RegisterUserProvider struct {
	UserID   int
	Provider string
}
