-- golang-migrate layout: the fixes of fixes.go and readme.go hold only
-- where a unique key makes the twin's insert conflict.
CREATE TABLE orders (
	id bigserial PRIMARY KEY,
	key text NOT NULL UNIQUE
);

CREATE TABLE payments (
	id bigserial PRIMARY KEY,
	key text NOT NULL,
	amount bigint NOT NULL
);

-- No unique key on the column the check looks up: no fix.
CREATE TABLE carts (
	id bigserial PRIMARY KEY,
	key text NOT NULL
);

-- Unique only among live rows: ON CONFLICT would need the predicate.
CREATE TABLE coupons (
	id bigserial PRIMARY KEY,
	code text NOT NULL,
	deleted_at timestamptz
);
CREATE UNIQUE INDEX coupons_live_code ON coupons (code) WHERE deleted_at IS NULL;

-- The sign-up fixtures of welcome.go: e-mail unique on users, not on
-- newsletter subscribers.
CREATE TABLE users (
	id bigserial PRIMARY KEY,
	email text NOT NULL UNIQUE
);

CREATE TABLE subscribers (
	id bigserial PRIMARY KEY,
	email text NOT NULL
);
