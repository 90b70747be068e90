// Package drivers is driver onboarding, fleet membership, shifts and the
// driver's own profile.
package drivers

import (
	"log/slog"
	"strings"

	"example.com/fleet6/internal/effects"
	"example.com/fleet6/internal/repo"
)

type Service struct {
	Drivers     repo.Drivers
	Apps        repo.Applications
	Memberships repo.Memberships
	Shifts      repo.Shifts
	Stats       repo.DriverStats
	Approvals   repo.Approvals
	Accounts    repo.PayoutAccounts
	Settings    repo.DriverSettings

	SMS      effects.SMS
	Mailer   effects.Mailer
	Payments effects.Payments
	Log      *slog.Logger
}

func normalizePhone(p string) string {
	p = strings.TrimSpace(p)
	p = strings.NewReplacer(" ", "", "-", "", "(", "", ")", "").Replace(p)
	if strings.HasPrefix(p, "00") {
		p = "+" + p[2:]
	}
	return p
}
