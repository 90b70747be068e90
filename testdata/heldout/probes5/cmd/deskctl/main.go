// Command deskctl is the operator CLI: it seeds reference data and runs
// one-off maintenance. It is run by hand by one operator at a time from the
// bastion host, never concurrently with itself.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"gorm.io/gorm"

	"example.com/desk5/internal/store/gormstore"
)

var defaultPlans = []gormstore.Plan{
	{Code: "starter", Name: "Starter", SeatPrice: 1900, MaxAutomations: 5},
	{Code: "growth", Name: "Growth", SeatPrice: 4900, MaxAutomations: 25},
	{Code: "enterprise", Name: "Enterprise", SeatPrice: 9900, MaxAutomations: 500},
}

func seedPlans(db *gorm.DB) error {
	for _, p := range defaultPlans {
		var existing gormstore.Plan
		err := db.Where("code = ?", p.Code).First(&existing).Error
		if err == nil {
			fmt.Printf("plan %s exists (id %d)\n", p.Code, existing.ID)
			continue
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		plan := p
		if err := db.Create(&plan).Error; err != nil {
			return fmt.Errorf("create plan %s: %w", p.Code, err)
		}
		fmt.Printf("created plan %s (id %d)\n", plan.Code, plan.ID)
	}
	return nil
}

func main() {
	dsn := flag.String("billing-dsn", os.Getenv("DESK_BILLING_DSN"), "billing database DSN")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: deskctl [-billing-dsn DSN] seed-plans")
		os.Exit(2)
	}
	db, err := gormstore.Open(*dsn)
	if err != nil {
		fmt.Fprintln(os.Stderr, "connect:", err)
		os.Exit(1)
	}
	switch flag.Arg(0) {
	case "seed-plans":
		err = seedPlans(db)
	default:
		err = fmt.Errorf("unknown command %q", flag.Arg(0))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
