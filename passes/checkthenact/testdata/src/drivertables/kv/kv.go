// Package kv keeps JSON records in key-value tables, on whichever
// database the server was configured with: each backend registers its
// statements in a table of functions the exported calls dispatch through.
package kv

import (
	"database/sql"
	"errors"
)

const (
	insertOp = "insert"
	fetchOp  = "fetch"
	deleteOp = "delete"
)

// DB is the connection every backend runs its statements on.
var DB *sql.DB

// Backend names the configured database.
var Backend string

var postgresFuncs = map[string]interface{}{
	insertOp: pgInsert,
	fetchOp:  pgFetch,
	deleteOp: pgDelete,
}

var sqliteFuncs = map[string]interface{}{
	insertOp: liteInsert,
	fetchOp:  liteFetch,
	deleteOp: liteDelete,
}

// A read-only replica's table: its functions run no statement the
// analysis reads, and say nothing about what the others do.
var replicaFuncs = map[string]interface{}{
	insertOp: refuseInsert,
	fetchOp:  liteFetch,
	deleteOp: refuseDelete,
}

// ErrNoRecord is what a fetch of a missing key returns.
var ErrNoRecord = errors.New("no result found")

func current() map[string]interface{} {
	switch Backend {
	case "postgres":
		return postgresFuncs
	case "replica":
		return replicaFuncs
	default:
		return sqliteFuncs
	}
}

// Insert stores value under key, replacing what was there.
func Insert(key, value, table string) error {
	if key == "" || value == "" {
		return errors.New("invalid insert")
	}
	return current()[insertOp].(func(string, string, string) error)(key, value, table)
}

// Fetch returns the value stored under key.
func Fetch(table, key string) (string, error) {
	return current()[fetchOp].(func(string, string) (string, error))(table, key)
}

// Delete removes key.
func Delete(table, key string) error {
	return current()[deleteOp].(func(string, string) error)(table, key)
}

func refuseInsert(key, value, table string) error {
	return errors.New("read-only replica: cannot store " + table + "/" + key)
}

func refuseDelete(table, key string) error {
	return errors.New("read-only replica: cannot delete " + table + "/" + key)
}

func pgInsert(key, value, table string) error {
	_, err := DB.Exec("INSERT INTO "+table+" (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $3", key, value, value)
	return err
}

func liteInsert(key, value, table string) error {
	_, err := DB.Exec("INSERT OR REPLACE INTO "+table+" (key, value) VALUES (?, ?)", key, value)
	return err
}

func pgFetch(table, key string) (string, error) {
	var value string
	err := DB.QueryRow("SELECT value FROM "+table+" WHERE key = $1", key).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNoRecord
	}
	return value, err
}

func liteFetch(table, key string) (string, error) {
	var value string
	err := DB.QueryRow("SELECT value FROM "+table+" WHERE key = ?", key).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNoRecord
	}
	return value, err
}

func pgDelete(table, key string) error {
	_, err := DB.Exec("DELETE FROM "+table+" WHERE key = $1", key)
	return err
}

func liteDelete(table, key string) error {
	_, err := DB.Exec("DELETE FROM "+table+" WHERE key = ?", key)
	return err
}

// replaceRecord is the statement Replace runs; tests swap it.
var replaceRecord = liteInsert

// Replace stores value under key through a func variable.
func Replace(key, value, table string) error {
	return replaceRecord(key, value, table)
}
