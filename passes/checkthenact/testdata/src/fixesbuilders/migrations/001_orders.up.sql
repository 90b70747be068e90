-- The builders' fixes hold because orders.key is unique; carts.key is
-- not, so its insert gets no fix.
CREATE TABLE orders (
	id bigserial PRIMARY KEY,
	key text NOT NULL UNIQUE
);

CREATE TABLE carts (
	id bigserial PRIMARY KEY,
	key text NOT NULL
);
