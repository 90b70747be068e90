// Command fleet-cron runs the scheduled jobs.
package main

import (
	"context"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"example.com/fleet6/internal/app"
	"example.com/fleet6/internal/jobs"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, err := app.New(ctx)
	if err != nil {
		log.Fatal(err)
	}
	j := &jobs.Jobs{Usage: a.PG.Usage, Billing: a.Billing, Payouts: a.Payouts, Log: a.Log}

	if len(os.Args) > 1 {
		// One-off run: fleet-cron invoices|dunning|weekly-payouts
		var err error
		switch os.Args[1] {
		case "invoices":
			err = j.MonthlyInvoices(ctx, time.Now())
		case "dunning":
			err = j.Dunning(ctx)
		case "weekly-payouts":
			err = j.WeeklyPayouts(ctx)
		default:
			log.Fatalf("unknown job %q", os.Args[1])
		}
		if err != nil {
			log.Fatal(err)
		}
		return
	}

	go jobs.Every(ctx, a.Log, "instant-payouts", 5*time.Minute, j.InstantPayouts)
	go jobs.Every(ctx, a.Log, "dunning", 24*time.Hour, j.Dunning)
	go jobs.Every(ctx, a.Log, "weekly-payouts", 7*24*time.Hour, j.WeeklyPayouts)
	go jobs.Every(ctx, a.Log, "monthly-invoices", 24*time.Hour, func(ctx context.Context) error {
		if now := time.Now(); now.Day() == 1 {
			return j.MonthlyInvoices(ctx, now)
		}
		return nil
	})
	<-ctx.Done()
}
