package statusgate

import "gorm.io/gorm"

type Profile struct {
	ID            uint
	EmailVerified bool
	Renamed       bool
}

type ProfileAudit struct {
	ProfileID uint
}

// updateProfile writes the profile's columns the caller lists (all of
// them when it lists none) and, when the profile was renamed, records an
// audit row: its summary says it may act.
func updateProfile(db *gorm.DB, a *Profile, cols []string) error {
	if len(cols) == 0 {
		if err := db.Save(a).Error; err != nil {
			return err
		}
	}
	for _, c := range cols {
		if err := db.Model(a).Update(c, true).Error; err != nil {
			return err
		}
	}
	if a.Renamed {
		return db.Create(&ProfileAudit{ProfileID: a.ID}).Error
	}
	return nil
}

// Near miss: the helper is handed the one column it sets: an absolute
// write, whatever its other paths do.
func VerifyEmail(db *gorm.DB, id uint) error {
	var a Profile
	if err := db.First(&a, id).Error; err != nil {
		return err
	}
	if !a.EmailVerified {
		a.EmailVerified = true
		return updateProfile(db, &a, []string{"email_verified"})
	}
	return nil
}

// The same helper handed no column list saves the stale copy whole and
// may record the audit row: both callers do.
func VerifyEmailWhole(db *gorm.DB, id uint) error {
	var a Profile
	if err := db.First(&a, id).Error; err != nil { // want `status-gate race: EmailVerified read here is tested, then updateProfile`
		return err
	}
	if !a.EmailVerified {
		a.EmailVerified = true
		return updateProfile(db, &a, nil)
	}
	return nil
}
