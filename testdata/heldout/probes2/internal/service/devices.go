package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"time"

	"example.com/shop2/internal/notify"
	"example.com/shop2/internal/store/mongorepo"
)

// Fingerprint identifies the client a session came from.
type Fingerprint struct {
	UserAgent string
	IP        string
	DeviceID  string
}

func (f Fingerprint) Hash() string {
	sum := sha256.Sum256([]byte(f.DeviceID + "|" + f.UserAgent))
	return hex.EncodeToString(sum[:16])
}

type DeviceService struct {
	devices  *mongorepo.DeviceRepo
	browsers *mongorepo.TrustedBrowserRepo
	mailer   notify.Mailer
	log      *slog.Logger
	now      func() time.Time
}

func NewDeviceService(devices *mongorepo.DeviceRepo, browsers *mongorepo.TrustedBrowserRepo, mailer notify.Mailer, log *slog.Logger) *DeviceService {
	return &DeviceService{devices: devices, browsers: browsers, mailer: mailer, log: log, now: time.Now}
}

// RecordLogin remembers the device a user signed in from and warns the user
// the first time a device shows up.
func (s *DeviceService) RecordLogin(ctx context.Context, userID int64, email string, fp Fingerprint) error {
	now := s.now()
	d, known, err := s.devices.Find(ctx, userID, fp.Hash())
	if err != nil {
		return fmt.Errorf("record login: %w", err)
	}
	if known {
		return s.devices.Touch(ctx, d.ID, now)
	}

	err = s.mailer.Send(ctx, notify.Message{
		To:       email,
		Subject:  "New sign-in to your account",
		Template: "new_device",
		Data:     map[string]any{"user_agent": fp.UserAgent, "ip": fp.IP, "at": now.Format(time.RFC1123)},
	})
	if err != nil {
		s.log.WarnContext(ctx, "new device alert failed", "user_id", userID, "err", err)
	}

	return s.devices.Insert(ctx, mongorepo.Device{
		UserID:      userID,
		Fingerprint: fp.Hash(),
		UserAgent:   fp.UserAgent,
		IP:          fp.IP,
		FirstSeen:   now,
		LastSeen:    now,
	})
}

// TrustBrowser lets the user skip the second factor on this browser.
func (s *DeviceService) TrustBrowser(ctx context.Context, userID int64, email string, fp Fingerprint, label string) error {
	if _, ok, err := s.browsers.Find(ctx, userID, fp.Hash()); err != nil {
		return fmt.Errorf("trust browser: %w", err)
	} else if ok {
		return nil
	}
	inserted, err := s.browsers.InsertIfAbsent(ctx, mongorepo.TrustedBrowser{
		UserID:      userID,
		Fingerprint: fp.Hash(),
		Label:       label,
		CreatedAt:   s.now(),
	})
	if err != nil {
		return fmt.Errorf("trust browser: %w", err)
	}
	if !inserted {
		return nil
	}
	return s.mailer.Send(ctx, notify.Message{
		To:       email,
		Subject:  "You trusted a new browser",
		Template: "trusted_browser",
		Data:     map[string]any{"label": label, "user_agent": fp.UserAgent},
	})
}
