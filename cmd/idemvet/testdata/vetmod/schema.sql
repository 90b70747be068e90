-- The unique key that lets pay.go's fix (INSERT ... ON CONFLICT (key)
-- DO NOTHING) pick one winner: without it idemvet offers no fix.
CREATE TABLE payments (
	key text PRIMARY KEY
);
