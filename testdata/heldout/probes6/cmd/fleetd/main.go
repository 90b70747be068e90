// Command fleetd serves the public API on :8080 and the back-office API on
// :8081.
package main

import (
	"context"
	"errors"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"example.com/fleet6/internal/app"
	"example.com/fleet6/internal/http/admin"
	"example.com/fleet6/internal/http/api"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, err := app.New(ctx)
	if err != nil {
		log.Fatal(err)
	}
	public := &api.Server{
		Drivers:     a.Drivers,
		Shipments:   a.Shipments,
		Bookings:    a.Bookings,
		Partners:    a.Partners,
		BookingRepo: a.PG.Bookings,
		Keys:        a.PG.Keys,
		Log:         a.Log,
	}
	backOffice := &admin.Handler{
		Drivers:   a.Drivers,
		Fleet:     a.Fleet,
		Coupons:   a.Coupons,
		Partners:  a.Partners,
		Billing:   a.Billing,
		Customers: a.Customers,
		Referrals: a.Referrals,
		Wallet:    a.Wallet,
		Payouts:   a.Payouts,
		Dispatch:  a.Dispatch,
		Log:       a.Log,
	}
	servers := []*http.Server{
		{Addr: ":8080", Handler: public.Routes(), ReadHeaderTimeout: 5 * time.Second},
		{Addr: ":8081", Handler: backOffice.Router(), ReadHeaderTimeout: 5 * time.Second},
	}
	for _, srv := range servers {
		go func() {
			if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
				log.Fatal(err)
			}
		}()
	}
	<-ctx.Done()
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, srv := range servers {
		_ = srv.Shutdown(shutdown)
	}
}
