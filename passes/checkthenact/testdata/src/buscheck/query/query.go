// Package query holds the bus's read messages; a handler fills Result.
package query

type User struct {
	ID    int
	Email string
}

type GetUserByEmail struct {
	Email  string
	Result *User
}

type Tenant struct {
	ID     int
	Domain string
}

type GetTenantByDomain struct {
	Domain string
	Result *Tenant
}

type Verification struct {
	Key      string
	Code     string
	Attempts int
}

type GetActiveVerificationByEmail struct {
	Email  string
	Result *Verification
}

type GetUserByProvider struct {
	Provider string
	UID      string
	Result   *User
}

// Providers are the user's sign-in providers, loaded with the user.
type Providers []string

// HasProvider asks whether the user signs in with provider.
func (u *User) HasProvider(provider string) bool { return false }
