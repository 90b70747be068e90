package config

import (
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr      string
	AdminAddr     string
	DatabaseURL   string
	RedisAddr     string
	MailerURL     string
	MailerKey     string
	MailFrom      string
	PaymentsURL   string
	PaymentsKey   string
	CourierURL    string
	CourierToken  string
	WebhookSecret string
	MaxAPIKeys    int
	SMSPerHour    int
	JobInterval   time.Duration
	ConsumerName  string
}

func FromEnv() Config {
	return Config{
		HTTPAddr:      get("HTTP_ADDR", ":8080"),
		AdminAddr:     get("ADMIN_ADDR", ":8081"),
		DatabaseURL:   get("DATABASE_URL", "postgres://shop:shop@localhost:5432/shop?sslmode=disable"),
		RedisAddr:     get("REDIS_ADDR", "localhost:6379"),
		MailerURL:     get("MAILER_URL", "http://localhost:9025"),
		MailerKey:     os.Getenv("MAILER_KEY"),
		MailFrom:      get("MAIL_FROM", "shop@example.com"),
		PaymentsURL:   get("PAYMENTS_URL", "http://localhost:9100"),
		PaymentsKey:   os.Getenv("PAYMENTS_KEY"),
		CourierURL:    get("COURIER_URL", "http://localhost:9200"),
		CourierToken:  os.Getenv("COURIER_TOKEN"),
		WebhookSecret: os.Getenv("WEBHOOK_SECRET"),
		MaxAPIKeys:    getInt("MAX_API_KEYS", 5),
		SMSPerHour:    getInt("SMS_PER_HOUR", 5),
		JobInterval:   time.Duration(getInt("JOB_INTERVAL_SECONDS", 60)) * time.Second,
		ConsumerName:  get("HOSTNAME", "shop-1"),
	}
}

func get(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func getInt(k string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(k)); err == nil {
		return v
	}
	return def
}
