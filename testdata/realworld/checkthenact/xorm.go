package checkthenact

import (
	"xorm.io/xorm"
)

// Member is an xorm model, unique by Email.
type Member struct {
	ID    int64  `xorm:"pk autoincr"`
	Email string `xorm:"unique"`
}

// Team is an xorm model whose row a joiner locks before adding a member.
type Team struct {
	ID   int64 `xorm:"pk autoincr"`
	Name string
}

// MemberInvite is an xorm model of another table.
type MemberInvite struct {
	ID    int64 `xorm:"pk autoincr"`
	Email string
}

// JoinXorm looks the member up with Get and inserts it when it is absent
// (the shape of the Q&A service's sign-up).
func JoinXorm(engine *xorm.Engine, email string) error {
	var m Member
	has, err := engine.Where("email = ?", email).Get(&m) // want:checkthenact
	if err != nil {
		return err
	}
	if has {
		return ErrDuplicate
	}
	_, err = engine.Insert(&Member{Email: email})
	return err
}

// InviteXorm checks members but inserts an invite: another table.
func InviteXorm(engine *xorm.Engine, email string) error {
	var m Member
	has, err := engine.Where("email = ?", email).Get(&m)
	if err != nil || has {
		return err
	}
	_, err = engine.Insert(&MemberInvite{Email: email})
	return err
}

// JoinXormExist uses Exist, then Insert inside Transaction.
func JoinXormExist(engine *xorm.Engine, email string) error {
	_, err := engine.Transaction(func(s *xorm.Session) (any, error) {
		exists, err := s.Exist(&Member{Email: email}) // want:checkthenact
		if err != nil || exists {
			return nil, err
		}
		return s.Insert(&Member{Email: email})
	})
	return err
}

// JoinXormLocked reads the member row with ForUpdate in the session's
// transaction before inserting, but PostgreSQL's FOR UPDATE locks only a
// row it finds: two callers that find none both go on and both insert.
func JoinXormLocked(engine *xorm.Engine, email string) error {
	s := engine.NewSession()
	defer s.Close()
	if err := s.Begin(); err != nil {
		return err
	}
	var m Member
	has, err := s.Where("email = ?", email).ForUpdate().Get(&m) // want:checkthenact
	if err != nil || has {
		return err
	}
	if _, err := s.Insert(&Member{Email: email}); err != nil {
		return err
	}
	return s.Commit()
}

// JoinXormTeamLocked first locks the team row every joiner of the team
// locks, in the same transaction: the second caller waits there, then
// finds the first one's member row.
func JoinXormTeamLocked(engine *xorm.Engine, teamID int64, email string) error {
	s := engine.NewSession()
	defer s.Close()
	if err := s.Begin(); err != nil {
		return err
	}
	var team Team
	if _, err := s.ID(teamID).ForUpdate().Get(&team); err != nil {
		return err
	}
	var m Member
	has, err := s.Where("email = ?", email).Get(&m)
	if err != nil || has {
		return err
	}
	if _, err := s.Insert(&Member{Email: email}); err != nil {
		return err
	}
	return s.Commit()
}

// JoinXormCount counts by table name, then inserts with raw SQL.
func JoinXormCount(engine *xorm.Engine, email string) error {
	n, err := engine.Table("member").Where("email = ?", email).Count() // want:checkthenact
	if err != nil || n > 0 {
		return err
	}
	_, err = engine.Exec("INSERT INTO member (email) VALUES (?)", email)
	return err
}

// JoinXormCountOnConflict inserts with raw INSERT ... ON CONFLICT DO NOTHING.
func JoinXormCountOnConflict(engine *xorm.Engine, email string) error {
	n, err := engine.Table("member").Where("email = ?", email).Count()
	if err != nil || n > 0 {
		return err
	}
	_, err = engine.Exec("INSERT INTO member (email) VALUES (?) ON CONFLICT (email) DO NOTHING", email)
	return err
}
