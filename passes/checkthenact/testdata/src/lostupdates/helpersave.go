package lostupdates

import "xorm.io/xorm"

var engine *xorm.Engine

type Member struct {
	ID     int64
	Owner  string
	Name   string
	Points int
}

type PointsLog struct {
	MemberID int64
	Points   int
}

// getMember loads the member with xorm's Get, whose bool says it was found:
// an existence probe that fills the record it is handed.
func getMember(owner, name string) (*Member, error) {
	m := Member{Owner: owner, Name: name}
	existed, err := engine.Get(&m)
	if err != nil || !existed {
		return nil, err
	}
	return &m, nil
}

// saveMember writes the member it is handed back, and logs the change in
// a row of its own.
func saveMember(m *Member) error {
	if _, err := engine.ID(m.ID).AllCols().Update(m); err != nil {
		return err
	}
	_, err := engine.Insert(&PointsLog{MemberID: m.ID, Points: m.Points})
	return err
}

// The points read through the probe, added to, and saved by the helper:
// two awards read the same points and one is lost.
func AwardPoints(owner, name string, n int) error {
	m, err := getMember(owner, name) // want `lost update: Points read here is written back at line \d+ as a value computed from it`
	if err != nil || m == nil {
		return err
	}
	m.Points = m.Points + n
	return saveMember(m)
}

// Near miss: the sum goes into another member the helper saves, built
// afresh: the member read is not written back.
func CopyPoints(owner, name string, toID int64, n int) error {
	m, err := getMember(owner, name)
	if err != nil || m == nil {
		return err
	}
	return saveMember(&Member{ID: toID, Points: m.Points + n})
}
