package xormcheck

import "xorm.io/xorm"

// A notification sent once per subject: the notices already sent are
// listed by a helper, and an empty list lets the notice through.

type Notice struct {
	ID        int64
	UserID    int64
	Name      string
	SubjectID int64
}

type Postman interface {
	Deliver(userID int64, name string) error
}

func listNotices(s *xorm.Session, userID int64, name string, subjectID int64) ([]*Notice, error) {
	notices := []*Notice{}
	err := s.Where("user_id = ? AND name = ? AND subject_id = ?", userID, name, subjectID).Find(&notices)
	return notices, err
}

func recordNotice(s *xorm.Session, n *Notice) error {
	_, err := s.Insert(n)
	return err
}

// Two events for one subject both list no notice, both record one and
// both mail the user.
func noticeOnce(s *xorm.Session, p Postman, userID, subjectID int64) error {
	sent, err := listNotices(s, userID, "expiry", subjectID) // want `check-then-act race: the existence check listNotices and the insert`
	if err != nil {
		return err
	}
	if len(sent) > 0 {
		return nil
	}
	if err := recordNotice(s, &Notice{UserID: userID, Name: "expiry", SubjectID: subjectID}); err != nil {
		return err
	}
	return p.Deliver(userID, "expiry")
}

// Near miss: a failed listing is no empty one. The failure is recorded
// as a notice of its own for the retry job, and the reminder only beside
// notices already sent.
func noticeFollowUp(s *xorm.Session, userID, subjectID int64) error {
	sent, err := listNotices(s, userID, "expiry", subjectID)
	if err != nil {
		return recordNotice(s, &Notice{UserID: userID, Name: "listing-failed", SubjectID: subjectID})
	}
	if len(sent) == 0 {
		return nil
	}
	return recordNotice(s, &Notice{UserID: userID, Name: "reminder", SubjectID: subjectID})
}
