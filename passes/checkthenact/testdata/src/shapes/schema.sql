-- The unique keys the ON CONFLICT fixes of shapes.go rely on.
CREATE TABLE feeds (id bigserial PRIMARY KEY, url text NOT NULL UNIQUE);
CREATE TABLE categories (id bigserial PRIMARY KEY, title text NOT NULL, archived boolean NOT NULL DEFAULT false, UNIQUE (title));
CREATE TABLE entries (id bigserial PRIMARY KEY, feed_url text NOT NULL, hash text NOT NULL UNIQUE);
