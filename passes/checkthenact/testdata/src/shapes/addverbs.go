package shapes

import (
	"context"
	"errors"

	"go.opentelemetry.io/otel/trace"
)

type Member struct {
	ID    string
	Email string
	Plan  string
}

type Subscription struct {
	MemberID string
	Plan     string
}

// MemberRepo is declared where the service uses it; its implementation
// lives in a package the service does not import, so only the names and
// the shapes of its methods say what they do.
type MemberRepo interface {
	GetByEmail(ctx context.Context, email string) (m *Member, exist bool, err error)
	GetWithRole(ctx context.Context, email string) (m *Member, admin bool, err error)
	AddMember(ctx context.Context, m *Member) error
	AddSubscription(ctx context.Context, s *Subscription) error
	AddInvite(ctx context.Context, i *Invite) error
}

type Invite struct {
	Email string
}

var errEmailTaken = errors.New("e-mail taken")

type MemberService struct{ repo MemberRepo }

// The lookup returns the record, a found bool and an error; the create is
// an Add.
func (s *MemberService) RegisterByEmail(ctx context.Context, email string) error {
	_, has, err := s.repo.GetByEmail(ctx, email) // want `check-then-act race: the existence check GetByEmail`
	if err != nil {
		return err
	}
	if has {
		return errEmailTaken
	}
	m := &Member{}
	m.Email = email
	return s.repo.AddMember(ctx, m)
}

// Near miss: the bool says something other than presence (the member is
// an admin), so nothing here tests for absence.
func (s *MemberService) RegisterUnlessAdmin(ctx context.Context, email string) error {
	_, admin, err := s.repo.GetWithRole(ctx, email)
	if err != nil {
		return err
	}
	if admin {
		return errEmailTaken
	}
	return s.repo.AddMember(ctx, &Member{Email: email})
}

// Near miss: the Add runs only when the member exists, and adds a record
// of another entity.
func (s *MemberService) Subscribe(ctx context.Context, email, plan string) error {
	m, has, err := s.repo.GetByEmail(ctx, email)
	if err != nil {
		return err
	}
	if !has {
		return errors.New("no such member")
	}
	return s.repo.AddSubscription(ctx, &Subscription{MemberID: m.ID, Plan: plan})
}

// The new member is captured by a closure (its welcome mail), so it lives
// in a cell and its fields are set through loads of that cell.
func (s *MemberService) RegisterAndWelcome(ctx context.Context, email string, send func(func() error) error) error {
	_, has, err := s.repo.GetByEmail(ctx, email) // want `check-then-act race: the existence check GetByEmail`
	if err != nil || has {
		return err
	}
	m := &Member{}
	m.Email = email
	if err := s.repo.AddMember(ctx, m); err != nil {
		return err
	}
	return send(func() error { return welcome(m) })
}

// Near miss: the check is of one address (the inviter's), the row added
// of another (the invitee's): the insert is not keyed by what was checked.
func (s *MemberService) InviteAndWelcome(ctx context.Context, inviter, invitee string, send func(func() error) error) error {
	_, has, err := s.repo.GetByEmail(ctx, inviter)
	if err != nil || has {
		return err
	}
	m := &Member{}
	m.Email = invitee
	if err := s.repo.AddMember(ctx, m); err != nil {
		return err
	}
	return send(func() error { return welcome(m) })
}

func welcome(m *Member) error { return nil }

type Event struct{ ID string }

type Events interface {
	GetEvent(ctx context.Context, id string) (e *Event, found bool, err error)
}

// Near miss: a span's AddEvent records on a trace, not in a table: Add on
// a library's interface is no insert, only on the module's own.
func deliverEvent(ctx context.Context, events Events, span trace.Span, id string) error {
	_, found, err := events.GetEvent(ctx, id)
	if err != nil || found {
		return err
	}
	span.AddEvent("event.missing")
	return nil
}

type UserAuth struct {
	ID      int64
	AuthKey string
}

type GetUserAuthReq struct{ AuthKey string }

type GetUserAuthResp struct{ UserAuth *UserAuth }

type RegisterReq struct {
	AuthKey string
	Mobile  string
}

type RegisterResp struct{ UserID int64 }

// UserAuthView is a record of its own (it has an ID) that points to
// another: a nil Inviter is a found binding without one.
type UserAuthView struct {
	ID      int64
	Inviter *UserAuth
}

// Usercenter is a user service's RPC client, generated into the module.
type Usercenter interface {
	GetUserAuthByAuthKey(ctx context.Context, in *GetUserAuthReq) (*GetUserAuthResp, error)
	GetUserAuthView(ctx context.Context, in *GetUserAuthReq) (*UserAuthView, error)
	Register(ctx context.Context, in *RegisterReq) (*RegisterResp, error)
}

// The check and the registration are two calls of the user service:
// two first logins with one WeChat id both find no binding and both
// register.
func wxLogin(ctx context.Context, users Usercenter, openID, mobile string) (int64, error) {
	rsp, err := users.GetUserAuthByAuthKey(ctx, &GetUserAuthReq{AuthKey: openID}) // want `check-then-act race: the existence check GetUserAuthByAuthKey`
	if err != nil {
		return 0, err
	}
	if rsp.UserAuth == nil || rsp.UserAuth.ID == 0 {
		reg, err := users.Register(ctx, &RegisterReq{AuthKey: openID, Mobile: mobile})
		if err != nil {
			return 0, err
		}
		return reg.UserID, nil
	}
	return rsp.UserAuth.ID, nil
}

// Near miss: the nil pointer is a field of a found record, not the one
// record of an envelope: the binding exists, and registering its inviter
// is another entity's business.
func inviteeLogin(ctx context.Context, users Usercenter, openID, inviterMobile string) error {
	view, err := users.GetUserAuthView(ctx, &GetUserAuthReq{AuthKey: openID})
	if err != nil {
		return err
	}
	if view.Inviter == nil {
		_, err := users.Register(ctx, &RegisterReq{AuthKey: openID, Mobile: inviterMobile})
		return err
	}
	return nil
}

// The lookup's name says no entity, the Member it returns does, and the
// insert is a helper of the service's own: both are the members table.
func (s *MemberService) RegisterThroughHelper(ctx context.Context, email string) error {
	_, has, err := s.repo.GetByEmail(ctx, email) // want `check-then-act race: the existence check GetByEmail`
	if err != nil || has {
		return err
	}
	return s.createMember(ctx, email)
}

func (s *MemberService) createMember(ctx context.Context, email string) error {
	return s.repo.AddMember(ctx, &Member{Email: email})
}

// Near miss: the helper inserts an invite, another table than the
// member the lookup returns.
func (s *MemberService) InviteThroughHelper(ctx context.Context, email string) error {
	_, has, err := s.repo.GetByEmail(ctx, email)
	if err != nil || has {
		return err
	}
	return s.createInvite(ctx, email)
}

func (s *MemberService) createInvite(ctx context.Context, email string) error {
	return s.repo.AddInvite(ctx, &Invite{Email: email})
}
