package lostupdates

import "xorm.io/xorm"

// A flag flipped from the value read: two toggles both read false and
// both write true, so the pair leaves the flag set instead of where it
// was.

type Membership struct {
	ID     int64
	TeamID int64
	UserID int64
	Admin  bool
}

func toggleTeamAdmin(s *xorm.Session, teamID, userID int64) error {
	m := &Membership{}
	if _, err := s.Where("team_id = ? AND user_id = ?", teamID, userID).Get(m); err != nil { // want `lost update: Admin read here is written back`
		return err
	}
	m.Admin = !m.Admin
	_, err := s.Where("team_id = ? AND user_id = ?", teamID, userID).Cols("admin").Update(m)
	return err
}

// Near miss: the row is read FOR UPDATE in the transaction that writes
// it, so the second toggle reads the first one's flag.
func toggleTeamAdminLocked(s *xorm.Session, teamID, userID int64) error {
	m := &Membership{}
	if _, err := s.Where("team_id = ? AND user_id = ?", teamID, userID).ForUpdate().Get(m); err != nil {
		return err
	}
	m.Admin = !m.Admin
	_, err := s.Where("team_id = ? AND user_id = ?", teamID, userID).Cols("admin").Update(m)
	return err
}

// Near miss: the flag is set to what the request asks, not flipped.
func setTeamAdmin(s *xorm.Session, teamID, userID int64, admin bool) error {
	m := &Membership{}
	if _, err := s.Where("team_id = ? AND user_id = ?", teamID, userID).Get(m); err != nil {
		return err
	}
	m.Admin = admin
	_, err := s.Where("team_id = ? AND user_id = ?", teamID, userID).Cols("admin").Update(m)
	return err
}
