package floors

import (
	"errors"

	"xorm.io/xorm"
)

// A team keeps at least one member: the removal counts the members and
// refuses the last one. Two removals of different members of a
// two-member team both count two, both pass, and both delete.

type Team struct {
	ID int64
}

type TeamMember struct {
	ID     int64
	TeamID int64
	UserID int64
}

var (
	errLastMember = errors.New("cannot remove the last member")
	errNotMember  = errors.New("not a member")
)

func removeMember(s *xorm.Session, teamID, userID int64) error {
	total, err := s.Where("team_id = ?", teamID).Count(&TeamMember{}) // want `floor race: the count of TeamMember is compared with its floor at line \d+, and the delete at line \d+ removes one of what it counts in a separate step`
	if err != nil {
		return err
	}
	if total == 1 {
		return errLastMember
	}
	_, err = s.Where("team_id = ? AND user_id = ?", teamID, userID).Delete(&TeamMember{})
	return err
}

// Near miss: the team's row is locked first, so the second removal waits
// and counts one member.
func removeMemberLocked(s *xorm.Session, teamID, userID int64) error {
	if _, err := s.Where("id = ?", teamID).ForUpdate().Get(&Team{}); err != nil {
		return err
	}
	total, err := s.Where("team_id = ?", teamID).Count(&TeamMember{})
	if err != nil {
		return err
	}
	if total <= 1 {
		return errLastMember
	}
	_, err = s.Where("team_id = ? AND user_id = ?", teamID, userID).Delete(&TeamMember{})
	return err
}

// Near miss: the count asks whether the member is there at all (exactly
// one row), and the delete runs when it is: no floor is kept.
func leaveTeam(s *xorm.Session, teamID, userID int64) error {
	n, err := s.Where("team_id = ? AND user_id = ?", teamID, userID).Count(&TeamMember{})
	if err != nil {
		return err
	}
	if n != 1 {
		return errNotMember
	}
	_, err = s.Where("team_id = ? AND user_id = ?", teamID, userID).Delete(&TeamMember{})
	return err
}

// Near miss: the last member takes the team with it; nothing is refused,
// and every removal deletes the member on both arms.
func removeAndTidy(s *xorm.Session, teamID, userID int64) error {
	total, err := s.Where("team_id = ?", teamID).Count(&TeamMember{})
	if err != nil {
		return err
	}
	if total == 1 {
		if _, err := s.Where("id = ?", teamID).Delete(&Team{}); err != nil {
			return err
		}
	}
	_, err = s.Where("team_id = ? AND user_id = ?", teamID, userID).Delete(&TeamMember{})
	return err
}

// Near miss: the count locks the rows it counts (MySQL's FOR UPDATE with
// a count), so the second removal waits for the first to commit.
func removeMemberCountLocked(s *xorm.Session, teamID, userID int64) error {
	total, err := s.Where("team_id = ?", teamID).ForUpdate().Count(&TeamMember{})
	if err != nil {
		return err
	}
	if total <= 1 {
		return errLastMember
	}
	_, err = s.Where("team_id = ? AND user_id = ?", teamID, userID).Delete(&TeamMember{})
	return err
}
