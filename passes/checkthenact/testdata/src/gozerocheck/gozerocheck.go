// Package gozerocheck is a go-zero RPC logic over a goctl model: the
// lookup and the insert are the model's, through its interface.
package gozerocheck

import (
	"context"
	"errors"

	"github.com/zeromicro/go-zero/core/stores/sqlx"

	"gozerocheck/model"
)

var ErrUserExists = errors.New("user already registered")

type ServiceContext struct{ UserModel model.UserModel }

type RegisterLogic struct {
	ctx    context.Context
	svcCtx *ServiceContext
}

// Register looks the mobile up, then inserts it in a transaction of its
// own: two registrations of one mobile both find none.
func (l *RegisterLogic) Register(mobile, nickname string) error {
	user, err := l.svcCtx.UserModel.FindOneByMobile(l.ctx, mobile) // want `check-then-act race: the existence check FindOneByMobile`
	if err != nil && err != model.ErrNotFound {
		return err
	}
	if user != nil {
		return ErrUserExists
	}
	return l.svcCtx.UserModel.Trans(l.ctx, func(ctx context.Context, session sqlx.Session) error {
		_, err := l.svcCtx.UserModel.Insert(ctx, session, &model.User{Mobile: mobile, Nickname: nickname})
		return err
	})
}

// Near miss: the insert's unique violation on the mobile is answered as
// the duplicate it is.
func (l *RegisterLogic) RegisterAnswered(mobile, nickname string) error {
	user, err := l.svcCtx.UserModel.FindOneByMobile(l.ctx, mobile)
	if err != nil && err != model.ErrNotFound {
		return err
	}
	if user != nil {
		return ErrUserExists
	}
	_, err = l.svcCtx.UserModel.Insert(l.ctx, nil, &model.User{Mobile: mobile, Nickname: nickname})
	if isDuplicateEntry(err) {
		return ErrUserExists
	}
	return err
}

func isDuplicateEntry(err error) bool {
	return err != nil && err.Error() == "Error 1062: Duplicate entry"
}

// The same race through hand-written model methods, whose SQL the
// cached connection's NoCache calls run.
func (l *RegisterLogic) Enroll(mobile, nickname string) error {
	taken, err := l.svcCtx.UserModel.Registered(l.ctx, mobile) // want `check-then-act race: the existence check Registered`
	if err != nil || taken {
		return err
	}
	return l.svcCtx.UserModel.Enroll(l.ctx, mobile, nickname)
}

// Near miss: the same check before an INSERT IGNORE, which picks one
// winner itself.
func (l *RegisterLogic) EnrollOnce(mobile, nickname string) error {
	taken, err := l.svcCtx.UserModel.Registered(l.ctx, mobile)
	if err != nil || taken {
		return err
	}
	return l.svcCtx.UserModel.EnrollOnce(l.ctx, mobile, nickname)
}
