// Package gorm is a minimal stub of github.com/jinzhu/gorm (gorm v1).
package gorm

import "errors"

var ErrRecordNotFound = errors.New("record not found")

type DB struct {
	Error        error
	RowsAffected int64
}

func (s *DB) Where(query interface{}, args ...interface{}) *DB   { return s }
func (s *DB) First(out interface{}, where ...interface{}) *DB    { return s }
func (s *DB) Find(out interface{}, where ...interface{}) *DB     { return s }
func (s *DB) Save(value interface{}) *DB                         { return s }
func (s *DB) Create(value interface{}) *DB                       { return s }
func (s *DB) Model(value interface{}) *DB                        { return s }
func (s *DB) Update(attrs ...interface{}) *DB                    { return s }
func (s *DB) Delete(value interface{}, where ...interface{}) *DB { return s }
func (s *DB) Begin() *DB                                         { return s }
func (s *DB) Commit() *DB                                        { return s }
func (s *DB) Rollback() *DB                                      { return s }

// RecordNotFound reports whether the statement found no record.
func (s *DB) RecordNotFound() bool { return errors.Is(s.Error, ErrRecordNotFound) }

func (s *DB) FirstOrCreate(out interface{}, where ...interface{}) *DB { return s }
func (s *DB) Attrs(attrs ...interface{}) *DB                          { return s }
