package sqlxrepo

import _ "embed"

var (
	//go:embed queries/claim_due_review_requests.sql
	qClaimDueReviewRequests string

	//go:embed queries/list_abandoned_carts.sql
	qListAbandonedCarts string

	//go:embed queries/consume_promo_code.sql
	qConsumePromoCode string
)

const (
	qSubscriberExists = `SELECT EXISTS (SELECT 1 FROM newsletter_subscribers WHERE list_id = $1 AND email = $2)`
	qInsertSubscriber = `INSERT INTO newsletter_subscribers (list_id, email, source, confirm_token)
		VALUES (:list_id, :email, :source, :confirm_token) RETURNING id, created_at`
	qOnWaitlist     = `SELECT EXISTS (SELECT 1 FROM product_waitlist WHERE sku = $1 AND email = $2)`
	qInsertWaitlist = `INSERT INTO product_waitlist (sku, email) VALUES ($1, $2) ON CONFLICT (sku, email) DO NOTHING`

	qProfileByUser          = `SELECT id, user_id, display_name, avatar_url, created_at FROM user_profiles WHERE user_id = $1 ORDER BY id LIMIT 1`
	qInsertProfile          = `INSERT INTO user_profiles (user_id, display_name, avatar_url) VALUES (:user_id, :display_name, :avatar_url)`
	qSettingsByUser         = `SELECT user_id, order_emails, marketing, created_at FROM notification_settings WHERE user_id = $1`
	qInsertSettingsIfAbsent = `INSERT INTO notification_settings (user_id, order_emails, marketing)
		VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING`

	qContactByEmail = `SELECT email, name, locale, updated_at FROM crm_contacts WHERE email = $1`
	qUpsertContact  = `INSERT INTO crm_contacts (email, name, locale, updated_at) VALUES ($1, $2, $3, now())
		ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, locale = EXCLUDED.locale, updated_at = now()`

	qGiftCodeByCode   = `SELECT id, code, amount_cents, currency, expires_at, redeemed_at, redeemed_by FROM gift_codes WHERE code = $1`
	qMarkGiftRedeemed = `UPDATE gift_codes SET redeemed_at = now(), redeemed_by = $2 WHERE id = $1`
	qPromoByCode      = `SELECT code, amount_cents, expires_at, redeemed_at FROM promo_codes WHERE code = $1`
	qCreditWallet     = `UPDATE wallets SET balance_cents = balance_cents + $2 WHERE user_id = $1`
	qInsertLedger     = `INSERT INTO wallet_ledger (user_id, amount_cents, memo) VALUES ($1, $2, $3)`

	qEventByID          = `SELECT id, title, starts_at, venue FROM events WHERE id = $1`
	qIsRegistered       = `SELECT EXISTS (SELECT 1 FROM event_registrations WHERE event_id = $1 AND user_id = $2)`
	qInsertRegistration = `INSERT INTO event_registrations (event_id, user_id, ticket_code) VALUES ($1, $2, $3) RETURNING id, created_at`
	qHasSeat            = `SELECT EXISTS (SELECT 1 FROM session_seats WHERE session_id = $1 AND user_id = $2)`
	qInsertSeat         = `INSERT INTO session_seats (session_id, user_id, seat_code) VALUES (:session_id, :user_id, :seat_code)`

	qMarkCartReminded = `UPDATE carts SET reminder_state = 'sent', reminded_at = now() WHERE id = $1`
	qMarkReviewSent   = `UPDATE review_requests SET status = 'sent', sent_at = now() WHERE id = $1`
	qReleaseReview    = `UPDATE review_requests SET status = 'pending', claimed_at = NULL WHERE id = $1 AND status = 'sending'`
)
