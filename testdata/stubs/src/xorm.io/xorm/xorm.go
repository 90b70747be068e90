// Package xorm is a minimal stub of xorm.io/xorm.
package xorm

import (
	"context"
	"database/sql"
)

type Engine struct{}

func NewEngine(driverName, dataSourceName string) (*Engine, error) { return nil, nil }

func (engine *Engine) NewSession() *Session                                   { return nil }
func (engine *Engine) SQL(query any, args ...any) *Session                    { return nil }
func (engine *Engine) Where(query any, args ...any) *Session                  { return nil }
func (engine *Engine) Table(tableNameOrBean any) *Session                     { return nil }
func (engine *Engine) Exec(sqlOrArgs ...any) (sql.Result, error)              { return nil, nil }
func (engine *Engine) Insert(beans ...any) (int64, error)                     { return 0, nil }
func (engine *Engine) Get(beans ...any) (bool, error)                         { return false, nil }
func (engine *Engine) Exist(bean ...any) (bool, error)                        { return false, nil }
func (engine *Engine) Count(bean ...any) (int64, error)                       { return 0, nil }
func (engine *Engine) Transaction(f func(*Session) (any, error)) (any, error) { return nil, nil }

type Session struct{}

func (session *Session) Where(query any, args ...any) *Session     { return session }
func (session *Session) And(query any, args ...any) *Session       { return session }
func (session *Session) Table(tableNameOrBean any) *Session        { return session }
func (session *Session) ForUpdate() *Session                       { return session }
func (session *Session) Begin() error                              { return nil }
func (session *Session) Commit() error                             { return nil }
func (session *Session) Rollback() error                           { return nil }
func (session *Session) Close() error                              { return nil }
func (session *Session) Exec(sqlOrArgs ...any) (sql.Result, error) { return nil, nil }
func (session *Session) Insert(beans ...any) (int64, error)        { return 0, nil }
func (session *Session) Get(beans ...any) (bool, error)            { return false, nil }
func (session *Session) Exist(bean ...any) (bool, error)           { return false, nil }
func (session *Session) Count(bean ...any) (int64, error)          { return 0, nil }

func (engine *Engine) ID(id any) *Session                                 { return nil }
func (session *Session) ID(id any) *Session                               { return session }
func (session *Session) AllCols() *Session                                { return session }
func (session *Session) Cols(columns ...string) *Session                  { return session }
func (session *Session) Update(bean any, condiBean ...any) (int64, error) { return 0, nil }
func (engine *Engine) Incr(column string, arg ...any) *Session            { return nil }
func (session *Session) Incr(column string, arg ...any) *Session          { return session }
func (session *Session) Decr(column string, arg ...any) *Session          { return session }
func (engine *Engine) Delete(beans ...any) (int64, error)                 { return 0, nil }
func (session *Session) Delete(beans ...any) (int64, error)               { return 0, nil }
func (session *Session) Find(rowsSlicePtr any, condiBean ...any) error    { return nil }

func (engine *Engine) Context(ctx context.Context) *Session   { return nil }
func (session *Session) Context(ctx context.Context) *Session { return session }
