UPDATE promo_codes
   SET redeemed_at = now(), redeemed_by = $2
 WHERE code = $1
   AND redeemed_at IS NULL
   AND expires_at > now()
RETURNING amount_cents
