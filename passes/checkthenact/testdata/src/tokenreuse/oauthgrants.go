package tokenreuse

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// OAuth grants are one-time tokens too: an authorization code, a device
// code and a rotated refresh token are each exchanged once for new
// tokens. The exchange reads the grant, issues tokens, and deletes the
// grant without asking whether the delete found it, so two exchanges of
// one code both issue tokens (RFC 6749 §4.1.2: a code used twice must be
// refused).

type OAuthAuthorizationCode struct {
	ID       string
	Code     string
	ClientID string
	UserID   string
}

type OAuthDeviceCode struct {
	ID           string
	DeviceCode   string
	ClientID     string
	UserID       string
	IsAuthorized bool
}

type OAuthRefreshToken struct {
	ID       string
	Token    string
	ClientID string
	UserID   string
}

type Subscriber struct {
	ID            string
	EmailVerified bool
	UpdatedAt     *time.Time
}

type SubscriberVerification struct {
	ID           string
	SubscriberID string
	Token        string
}

type OAuthConsent struct {
	UserID   string
	ClientID string
}

type exchangeInput struct {
	ClientID     string
	Code         string
	DeviceCode   string
	RefreshToken string
}

var errInvalidGrant = errors.New("invalid_grant")

func issueRefreshToken(ctx context.Context, tx *gorm.DB, clientID, userID string) (string, error) {
	rt := OAuthRefreshToken{Token: newOpaque(), ClientID: clientID, UserID: userID}
	if err := tx.WithContext(ctx).Create(&rt).Error; err != nil {
		return "", err
	}
	return rt.Token, nil
}

func newOpaque() string { return time.Now().String() }

type envelopeKeys struct{ secret string }

func (k *envelopeKeys) open(signed string) (string, error) { return signed + k.secret, nil }

var envelopes = &envelopeKeys{}

// digest is what the table stores of a token: its hash.
func digest(s string) string { return s + "#" }

// The code is found by its value, a refresh token is issued, and the code
// is deleted after: two exchanges of one code both get a refresh token.
func exchangeAuthorizationCode(ctx context.Context, db *gorm.DB, in exchangeInput) (string, error) {
	tx := db.Begin()
	defer tx.Rollback()
	var code OAuthAuthorizationCode
	if err := tx.WithContext(ctx).Preload("User").First(&code, "code = ?", in.Code).Error; err != nil { // want `token-reuse race: the one-time token read here is consumed by Delete at line \d+, a write whose outcome no branch tests, so two requests with the same token can both find it and both reach`
		return "", errInvalidGrant
	}
	if code.ClientID != in.ClientID {
		return "", errInvalidGrant
	}
	refresh, err := issueRefreshToken(ctx, tx, in.ClientID, code.UserID)
	if err != nil {
		return "", err
	}
	if err := tx.WithContext(ctx).Delete(&code).Error; err != nil {
		return "", err
	}
	return refresh, tx.Commit().Error
}

// Near miss: the code is consumed first, and only the exchange whose
// delete removed it goes on.
func exchangeAuthorizationCodeOnce(ctx context.Context, db *gorm.DB, in exchangeInput) (string, error) {
	tx := db.Begin()
	defer tx.Rollback()
	var code OAuthAuthorizationCode
	if err := tx.WithContext(ctx).First(&code, "code = ?", in.Code).Error; err != nil {
		return "", errInvalidGrant
	}
	res := tx.WithContext(ctx).Delete(&code)
	if res.Error != nil {
		return "", res.Error
	}
	if res.RowsAffected == 0 {
		return "", errInvalidGrant
	}
	refresh, err := issueRefreshToken(ctx, tx, in.ClientID, code.UserID)
	if err != nil {
		return "", err
	}
	return refresh, tx.Commit().Error
}

// A device code authorised by the user is polled for by the device; two
// polls at once both find it authorised and both get tokens.
func exchangeDeviceCode(ctx context.Context, db *gorm.DB, in exchangeInput) (string, error) {
	tx := db.Begin()
	defer tx.Rollback()
	var grant OAuthDeviceCode
	if err := tx.WithContext(ctx).Where("device_code = ? AND client_id = ?", in.DeviceCode, in.ClientID).First(&grant).Error; err != nil { // want `token-reuse race: the one-time token read here is consumed by Delete`
		return "", errInvalidGrant
	}
	if !grant.IsAuthorized {
		return "", errInvalidGrant
	}
	refresh, err := issueRefreshToken(ctx, tx, in.ClientID, grant.UserID)
	if err != nil {
		return "", err
	}
	if err := tx.WithContext(ctx).Delete(&grant).Error; err != nil {
		return "", err
	}
	return refresh, tx.Commit().Error
}

// Near miss: the device code is spent by a delete that also tests its
// authorisation, and only the poll whose delete removed it gets tokens.
func exchangeDeviceCodeOnce(ctx context.Context, db *gorm.DB, in exchangeInput) (string, error) {
	tx := db.Begin()
	defer tx.Rollback()
	var grant OAuthDeviceCode
	if err := tx.WithContext(ctx).Where("device_code = ? AND client_id = ?", in.DeviceCode, in.ClientID).First(&grant).Error; err != nil {
		return "", errInvalidGrant
	}
	res := tx.WithContext(ctx).Where("is_authorized = ?", true).Delete(&grant)
	if res.Error != nil {
		return "", res.Error
	}
	if res.RowsAffected == 0 {
		return "", errInvalidGrant
	}
	refresh, err := issueRefreshToken(ctx, tx, in.ClientID, grant.UserID)
	if err != nil {
		return "", err
	}
	return refresh, tx.Commit().Error
}

// Rotation: the refresh token presented is replaced by a new row of the
// same table, then deleted. Two refreshes with one token both get a new
// one, and the family that rotation should end lives on twice.
func rotateRefreshToken(ctx context.Context, db *gorm.DB, in exchangeInput) (string, error) {
	tx := db.Begin()
	defer tx.Rollback()
	// The client holds a signed envelope; the row is found by the opaque
	// value inside it.
	opaque, err := envelopes.open(in.RefreshToken)
	if err != nil {
		return "", errInvalidGrant
	}
	var stored OAuthRefreshToken
	err = tx.WithContext(ctx).Preload("User.Groups").Where("token = ? AND expires_at > ? AND client_id = ?", digest(opaque), time.Now(), in.ClientID).First(&stored).Error // want `token-reuse race: the one-time token read here is consumed by Delete at line \d+, a write whose outcome no branch tests, so two requests with the same token can both find it and both reach issueRefreshToken`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", errInvalidGrant
	} else if err != nil {
		return "", err
	}
	// A token of a client the user no longer authorises is dropped.
	var consent OAuthConsent
	err = tx.WithContext(ctx).Where("user_id = ? AND client_id = ?", stored.UserID, in.ClientID).First(&consent).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		if err := tx.WithContext(ctx).Delete(&stored).Error; err != nil {
			return "", err
		}
		if err := tx.Commit().Error; err != nil {
			return "", err
		}
		return "", errInvalidGrant
	} else if err != nil {
		return "", err
	}
	next, err := issueRefreshToken(ctx, tx, in.ClientID, stored.UserID)
	if err != nil {
		return "", err
	}
	if err := tx.WithContext(ctx).Delete(&stored).Error; err != nil {
		return "", err
	}
	return next, tx.Commit().Error
}

// Near miss: the presented token's row is locked by the read, so the
// second refresh waits and then finds it deleted.
func rotateRefreshTokenLocked(ctx context.Context, db *gorm.DB, in exchangeInput) (string, error) {
	tx := db.Begin()
	defer tx.Rollback()
	var stored OAuthRefreshToken
	err := tx.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("token = ? AND client_id = ?", in.RefreshToken, in.ClientID).First(&stored).Error
	if err != nil {
		return "", errInvalidGrant
	}
	next, err := issueRefreshToken(ctx, tx, in.ClientID, stored.UserID)
	if err != nil {
		return "", err
	}
	if err := tx.WithContext(ctx).Delete(&stored).Error; err != nil {
		return "", err
	}
	return next, tx.Commit().Error
}

// Near miss: verifying an address sets a flag and stamps the row; two
// verifications with one token write the account the same way but for
// the clock, so the second use changes nothing.
func verifySubscriberEmail(ctx context.Context, db *gorm.DB, subscriberID, token string) error {
	tx := db.Begin()
	defer tx.Rollback()
	var v SubscriberVerification
	if err := tx.WithContext(ctx).Where("token = ? AND subscriber_id = ?", token, subscriberID).First(&v).Error; err != nil {
		return errInvalidGrant
	}
	var sub Subscriber
	if err := tx.WithContext(ctx).Where("id = ?", v.SubscriberID).First(&sub).Error; err != nil {
		return err
	}
	sub.EmailVerified = true
	now := time.Now()
	sub.UpdatedAt = &now
	if err := tx.WithContext(ctx).Save(&sub).Error; err != nil {
		return err
	}
	if err := tx.WithContext(ctx).Delete(&v).Error; err != nil {
		return err
	}
	return tx.Commit().Error
}

type stamp time.Time

type Reader struct {
	ID            string
	EmailVerified bool
	UpdatedAt     *stamp
}

type ReaderVerification struct {
	ID       string
	ReaderID string
	Token    string
}

func loadReader(ctx context.Context, tx *gorm.DB, id string) (Reader, error) {
	var r Reader
	err := tx.WithContext(ctx).Where("id = ?", id).First(&r).Error
	return r, err
}

// Near miss: the same verification with the account loaded by a helper
// and stamped with a converted clock reading.
func VerifyReaderEmail(ctx context.Context, db *gorm.DB, readerID, token string) error {
	tx := db.Begin()
	defer tx.Rollback()
	var v ReaderVerification
	if err := tx.WithContext(ctx).Where("token = ? AND reader_id = ?", token, readerID).First(&v).Error; err != nil {
		return errInvalidGrant
	}
	r, err := loadReader(ctx, tx, v.ReaderID)
	if err != nil {
		return err
	}
	r.EmailVerified = true
	r.UpdatedAt = new(stamp(time.Now()))
	if err := tx.WithContext(ctx).Save(&r).Error; err != nil {
		return err
	}
	if err := tx.WithContext(ctx).Delete(&v).Error; err != nil {
		return err
	}
	return tx.Commit().Error
}
