// Package responses holds HTTP handlers that answer inside the
// transaction holding their writes.
package responses

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

type Email struct {
	ID      int64
	Address string
}

// Created is answered inside the callback: a failed commit after it
// leaves the client holding a 201 for a row that was rolled back.
func Created(db *gorm.DB, c echo.Context, address string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		e := Email{Address: address}
		if err := tx.Create(&e).Error; err != nil {
			return err
		}
		return c.JSON(http.StatusCreated, e) // want `success response sent inside the transaction callback`
	})
}

// CreatedAfter is the near miss: the answer follows the callback's nil.
func CreatedAfter(db *gorm.DB, c echo.Context, address string) error { // want CreatedAfter:"responds Context.JSON"
	e := Email{Address: address}
	if err := db.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&e).Error
	}); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, e)
}

var errTaken = errors.New("taken")

// Refused is a near miss: an error answered inside the callback, which
// then rolls back, tells the client the truth.
func Refused(db *gorm.DB, c echo.Context, address string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&Email{Address: address}).Error; err != nil {
			_ = c.String(http.StatusConflict, "address taken")
			return errTaken
		}
		return nil
	})
}

// Stored answers through net/http inside the callback.
func Stored(db *gorm.DB, w http.ResponseWriter, address string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&Email{Address: address}).Error; err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent) // want `success response sent inside the transaction callback`
		return nil
	})
}

// Looked is a near miss: the callback writes nothing, so no commit can
// undo what the answer says.
func Looked(db *gorm.DB, w http.ResponseWriter, address string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var e Email
		if err := tx.Where("address = ?", address).First(&e).Error; err != nil {
			return err
		}
		_, err := w.Write([]byte(e.Address))
		return err
	})
}

// Recorded is a near miss: a helper handed a transaction writes on it and
// answers; whether its caller commits before or after is the caller's
// (the held-out webhook handler's shape, whose transaction the model
// guessed from its receiver).
func Recorded(ctx context.Context, tx *sql.Tx, w http.ResponseWriter, address string) error { // want Recorded:"responds ResponseWriter.WriteHeader"
	if _, err := tx.ExecContext(ctx, "INSERT INTO emails (address) VALUES ($1)", address); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
