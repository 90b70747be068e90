// Package config loads settings from the environment.
package config

import (
	"fmt"
	"os"
	"strings"
)

type Config struct {
	HTTPAddr        string
	CoreDSN         string
	LedgerDSN       string
	MongoURI        string
	MongoDB         string
	RedisAddr       string
	NATSURL         string
	KafkaBrokers    []string
	StripeKey       string
	StripeWebhook   string
	CarrierURL      string
	CarrierKey      string
	CarrierWebhook  string
	BankURL         string
	BankToken       string
	MailURL         string
	MailKey         string
	MailFrom        string
	TwilioSID       string
	TwilioToken     string
	TwilioFrom      string
	NewsletterURL   string
	NewsletterKey   string
	RendererURL     string
	ReservationsSQS string
	StockSyncSQS    string
	RefundCreditSQS string
	CashbackSQS     string
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return def
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:        env("HTTP_ADDR", ":8080"),
		CoreDSN:         env("CORE_DATABASE_URL", ""),
		LedgerDSN:       env("LEDGER_DATABASE_URL", ""),
		MongoURI:        env("MONGO_URI", "mongodb://localhost:27017"),
		MongoDB:         env("MONGO_DB", "shop"),
		RedisAddr:       env("REDIS_ADDR", "localhost:6379"),
		NATSURL:         env("NATS_URL", "nats://localhost:4222"),
		KafkaBrokers:    strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		StripeKey:       env("STRIPE_SECRET_KEY", ""),
		StripeWebhook:   env("STRIPE_WEBHOOK_SECRET", ""),
		CarrierURL:      env("CARRIER_URL", ""),
		CarrierKey:      env("CARRIER_API_KEY", ""),
		CarrierWebhook:  env("CARRIER_WEBHOOK_SECRET", ""),
		BankURL:         env("BANK_URL", ""),
		BankToken:       env("BANK_TOKEN", ""),
		MailURL:         env("MAIL_URL", ""),
		MailKey:         env("MAIL_API_KEY", ""),
		MailFrom:        env("MAIL_FROM", "Shop <no-reply@shop.example>"),
		TwilioSID:       env("TWILIO_ACCOUNT_SID", ""),
		TwilioToken:     env("TWILIO_AUTH_TOKEN", ""),
		TwilioFrom:      env("TWILIO_FROM", ""),
		NewsletterURL:   env("NEWSLETTER_URL", ""),
		NewsletterKey:   env("NEWSLETTER_API_KEY", ""),
		RendererURL:     env("RENDERER_URL", "http://renderer:8080"),
		ReservationsSQS: env("SQS_RESERVATIONS_URL", ""),
		StockSyncSQS:    env("SQS_STOCK_SYNC_URL", ""),
		RefundCreditSQS: env("SQS_REFUND_CREDITS_URL", ""),
		CashbackSQS:     env("SQS_CASHBACK_URL", ""),
	}
	if c.CoreDSN == "" || c.LedgerDSN == "" {
		return c, fmt.Errorf("CORE_DATABASE_URL and LEDGER_DATABASE_URL are required")
	}
	return c, nil
}
