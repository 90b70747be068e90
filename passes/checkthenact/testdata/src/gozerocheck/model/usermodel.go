// Package model is a goctl-generated model: a cached connection whose
// statements run in funcs handed to it.
package model

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/zeromicro/go-zero/core/stores/sqlc"
	"github.com/zeromicro/go-zero/core/stores/sqlx"
)

var ErrNotFound = sqlx.ErrNotFound

const userRows = "`id`,`mobile`,`nickname`"

type User struct {
	Id       int64  `db:"id"`
	Mobile   string `db:"mobile"`
	Nickname string `db:"nickname"`
}

type UserModel interface {
	Insert(ctx context.Context, session sqlx.Session, data *User) (sql.Result, error)
	FindOneByMobile(ctx context.Context, mobile string) (*User, error)
	Trans(ctx context.Context, fn func(ctx context.Context, session sqlx.Session) error) error
	Registered(ctx context.Context, mobile string) (bool, error)
	Enroll(ctx context.Context, mobile, nickname string) error
	EnrollOnce(ctx context.Context, mobile, nickname string) error
}

type defaultUserModel struct {
	sqlc.CachedConn
	table string
}

func NewUserModel(conn sqlx.SqlConn) UserModel {
	return &defaultUserModel{CachedConn: sqlc.NewConn(conn), table: "`user`"}
}

func (m *defaultUserModel) Insert(ctx context.Context, session sqlx.Session, data *User) (sql.Result, error) {
	return m.ExecCtx(ctx, func(ctx context.Context, conn sqlx.SqlConn) (sql.Result, error) {
		query := fmt.Sprintf("insert into %s (`mobile`,`nickname`) values (?, ?)", m.table)
		if session != nil {
			return session.ExecCtx(ctx, query, data.Mobile, data.Nickname)
		}
		return conn.ExecCtx(ctx, query, data.Mobile, data.Nickname)
	}, "cache:user:mobile:"+data.Mobile)
}

func (m *defaultUserModel) FindOneByMobile(ctx context.Context, mobile string) (*User, error) {
	var resp User
	err := m.QueryRowIndexCtx(ctx, &resp, "cache:user:mobile:"+mobile, nil, func(ctx context.Context, conn sqlx.SqlConn, v any) (any, error) {
		query := fmt.Sprintf("select %s from %s where `mobile` = ? limit 1", userRows, m.table)
		if err := conn.QueryRowCtx(ctx, &resp, query, mobile); err != nil {
			return nil, err
		}
		return resp.Id, nil
	}, nil)
	switch err {
	case nil:
		return &resp, nil
	case sqlc.ErrNotFound:
		return nil, ErrNotFound
	default:
		return nil, err
	}
}

func (m *defaultUserModel) Trans(ctx context.Context, fn func(ctx context.Context, session sqlx.Session) error) error {
	return m.TransactCtx(ctx, fn)
}

// Hand-written methods beside the generated ones run SQL through the
// cached connection's NoCache calls.

func (m *defaultUserModel) Registered(ctx context.Context, mobile string) (bool, error) {
	var n int64
	err := m.QueryRowNoCacheCtx(ctx, &n, "select count(*) from `user` where `mobile` = ?", mobile)
	return n > 0, err
}

func (m *defaultUserModel) Enroll(ctx context.Context, mobile, nickname string) error {
	_, err := m.ExecNoCacheCtx(ctx, "insert into `user` (`mobile`, `nickname`) values (?, ?)", mobile, nickname)
	return err
}

func (m *defaultUserModel) EnrollOnce(ctx context.Context, mobile, nickname string) error {
	_, err := m.ExecNoCacheCtx(ctx, "insert ignore into `user` (`mobile`, `nickname`) values (?, ?)", mobile, nickname)
	return err
}
