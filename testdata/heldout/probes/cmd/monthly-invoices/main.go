// Command monthly-invoices is run once a month by a Kubernetes CronJob
// (concurrencyPolicy: Forbid). It mails each customer their statement.
package main

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"

	"example.com/probes/internal/mail"
)

type statement struct {
	AccountID int64  `db:"account_id"`
	Email     string `db:"email"`
	Total     int64  `db:"total"`
}

func main() {
	ctx := context.Background()
	db := sqlx.MustConnect("postgres", os.Getenv("DATABASE_URL"))
	defer db.Close()
	mailer := mail.NewHTTPSender(os.Getenv("MAIL_URL"), os.Getenv("MAIL_KEY"))
	period := os.Getenv("PERIOD")

	var pending []statement
	if err := db.SelectContext(ctx, &pending, `
		SELECT a.id AS account_id, u.email, coalesce(sum(l.amount), 0) AS total
		FROM accounts a JOIN users u ON u.id = a.user_id
		LEFT JOIN ledger_entries l ON l.account_id = a.id
		WHERE NOT EXISTS (SELECT 1 FROM statements s WHERE s.account_id = a.id AND s.period = $1)
		GROUP BY a.id, u.email`, period); err != nil { // L:S-cron
		log.Fatal(err)
	}
	for _, st := range pending {
		if err := mailer.Send(ctx, st.Email, "statement", map[string]string{"total": fmt.Sprint(st.Total), "period": period}); err != nil {
			log.Printf("account %d: %v", st.AccountID, err)
			continue
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO statements (account_id, period) VALUES ($1, $2)`, st.AccountID, period); err != nil {
			log.Fatal(err)
		}
	}
}
