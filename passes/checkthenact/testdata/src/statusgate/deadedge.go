package statusgate

import (
	"xorm.io/xorm"
)

// An unfollow on xorm, as a question-and-answer service writes it: the
// activity is loaded in a transaction with no lock, its state tested with
// the found flag again (has && ...), then cancelled and the follow count
// taken down.

type FollowActivity struct {
	ID        int64
	Cancelled int
}

type FollowedQuestion struct{ ID int64 }

const activityCancelled = 1

func updateFollows(session *xorm.Session, objectID string, n int) error {
	_, err := session.Where("id = ?", objectID).Incr("follow_count", n).Update(&FollowedQuestion{})
	return err
}

// The second test of has is decided already (the first returned when it
// was false), so the code after the gate is entered only through it: two
// unfollows both read the activity live and both take the count down.
func FollowCancel(engine *xorm.Engine, objectID, userID string) error {
	_, err := engine.Transaction(func(session *xorm.Session) (result any, err error) {
		var activity FollowActivity
		has, err := session.Where("user_id = ?", userID).And("object_id = ?", objectID).Get(&activity) // want `status-gate race: Cancelled read here is tested, then updateFollows`
		if err != nil || !has {
			return
		}
		if has && activity.Cancelled == activityCancelled {
			return
		}
		if _, err = session.Where("id = ?", activity.ID).Update(&FollowActivity{Cancelled: activityCancelled}); err != nil {
			return
		}
		err = updateFollows(session, objectID, -1)
		return
	})
	return err
}

// Near miss: nothing returned when the activity was missing, so the code
// after the test also runs for a missing one: the test is no gate on the
// activity's state alone.
func FollowCancelUnchecked(engine *xorm.Engine, objectID, userID string) error {
	_, err := engine.Transaction(func(session *xorm.Session) (result any, err error) {
		var activity FollowActivity
		has, err := session.Where("user_id = ?", userID).And("object_id = ?", objectID).Get(&activity)
		if err != nil {
			return
		}
		if has && activity.Cancelled == activityCancelled {
			return
		}
		if _, err = session.Where("id = ?", activity.ID).Update(&FollowActivity{Cancelled: activityCancelled}); err != nil {
			return
		}
		err = updateFollows(session, objectID, -1)
		return
	})
	return err
}
