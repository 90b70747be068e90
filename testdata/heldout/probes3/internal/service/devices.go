package service

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/store/dynstore"
	"example.com/shop3/internal/store/mysqlstore"
)

// OTPBudget is implemented by cache.OTPLimiter.
type OTPBudget interface {
	Sent(ctx context.Context, phone string) (int, error)
	Record(ctx context.Context, phone string) error
	Take(ctx context.Context, phone string) error
}

type Verifications interface {
	Start(ctx context.Context, userID int64, phone, code string, send mysqlstore.SendFunc) error
	StartLocked(ctx context.Context, userID int64, phone, code string, send mysqlstore.SendFunc) error
}

type DeviceService struct {
	Devices       Devices
	Verifications Verifications
	Texter        Texter
	OTP           OTPBudget
	MaxOTP        int
}

func newCode() string {
	n, _ := rand.Int(rand.Reader, big.NewInt(1000000))
	return fmt.Sprintf("%06d", n.Int64())
}

// RegisterDevice registers a new device and texts its confirmation code.
func (s *DeviceService) RegisterDevice(ctx context.Context, userID int64, deviceID, platform, phone string) error {
	uid := strconv.FormatInt(userID, 10)
	d, err := s.Devices.Device(ctx, uid, deviceID)
	if err != nil {
		return err
	}
	if d != nil {
		return nil
	}
	code := newCode()
	if err := s.Texter.SendCode(ctx, phone, code); err != nil {
		return err
	}
	return s.Devices.PutDevice(ctx, dynstore.Device{
		UserID: uid, DeviceID: deviceID, Platform: platform, Code: code,
		CreatedAt: time.Now().UTC().Format(time.RFC3339),
	})
}

// RegisterTrustedDevice registers a device from the companion app; the
// write is conditional and the text goes out only for the new device.
func (s *DeviceService) RegisterTrustedDevice(ctx context.Context, userID int64, deviceID, platform, phone string) error {
	uid := strconv.FormatInt(userID, 10)
	code := newCode()
	err := s.Devices.CreateDevice(ctx, dynstore.Device{
		UserID: uid, DeviceID: deviceID, Platform: platform, Code: code,
		CreatedAt: time.Now().UTC().Format(time.RFC3339),
	})
	if err == domain.ErrDuplicate {
		return nil
	}
	if err != nil {
		return err
	}
	return s.Texter.SendCode(ctx, phone, code)
}

// ResendOTP texts a login code, at most MaxOTP an hour per phone.
func (s *DeviceService) ResendOTP(ctx context.Context, phone string) error {
	sent, err := s.OTP.Sent(ctx, phone)
	if err != nil {
		return err
	}
	if sent >= s.MaxOTP {
		return domain.ErrQuotaExceeded
	}
	if err := s.Texter.SendCode(ctx, phone, newCode()); err != nil {
		return err
	}
	return s.OTP.Record(ctx, phone)
}

// SendLoginOTP texts a login code on the same budget, counted first.
func (s *DeviceService) SendLoginOTP(ctx context.Context, phone string) error {
	if err := s.OTP.Take(ctx, phone); err != nil {
		return err
	}
	return s.Texter.SendCode(ctx, phone, newCode())
}

// VerifyPhone starts the phone verification of a new user.
func (s *DeviceService) VerifyPhone(ctx context.Context, userID int64, phone string) error {
	return s.Verifications.Start(ctx, userID, phone, newCode(), s.Texter.SendCode)
}

// ChangePhone starts the verification of a user's new phone.
func (s *DeviceService) ChangePhone(ctx context.Context, userID int64, phone string) error {
	return s.Verifications.StartLocked(ctx, userID, phone, newCode(), s.Texter.SendCode)
}
