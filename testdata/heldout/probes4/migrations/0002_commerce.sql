CREATE TABLE products (
    id           bigserial PRIMARY KEY,
    sku          text NOT NULL UNIQUE,
    name         text NOT NULL,
    price_cents  bigint NOT NULL,
    stock        int NOT NULL DEFAULT 0,
    rating_avg   float8 NOT NULL DEFAULT 0,
    rating_stale boolean NOT NULL DEFAULT false
);

CREATE TABLE orders (
    id             bigserial PRIMARY KEY,
    user_id        bigint,
    customer_id    bigint,
    status         text NOT NULL,
    total_cents    bigint NOT NULL,
    discount_cents bigint NOT NULL DEFAULT 0,
    currency       text NOT NULL,
    coupon_code    text NOT NULL DEFAULT '',
    charge_id      text NOT NULL DEFAULT '',
    paid_at        timestamptz,
    delivered_at   timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE order_items (
    id          bigserial PRIMARY KEY,
    order_id    bigint NOT NULL REFERENCES orders (id),
    product_id  bigint NOT NULL REFERENCES products (id),
    sku         text NOT NULL,
    quantity    int NOT NULL,
    price_cents bigint NOT NULL
);

CREATE TABLE coupons (
    id          bigserial PRIMARY KEY,
    code        text NOT NULL UNIQUE,
    percent_off int NOT NULL,
    uses        int NOT NULL DEFAULT 0,
    max_uses    int NOT NULL DEFAULT 0,
    expires_at  timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tags (
    id   bigserial PRIMARY KEY,
    slug text NOT NULL UNIQUE,
    name text NOT NULL
);

CREATE TABLE categories (
    id        bigserial PRIMARY KEY,
    slug      text NOT NULL UNIQUE,
    name      text NOT NULL,
    parent_id bigint REFERENCES categories (id)
);

CREATE TABLE reviews (
    id            bigserial PRIMARY KEY,
    order_item_id bigint NOT NULL UNIQUE REFERENCES order_items (id),
    user_id       bigint NOT NULL,
    rating        int NOT NULL,
    body          text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE product_questions (
    id            bigserial PRIMARY KEY,
    order_item_id bigint NOT NULL UNIQUE REFERENCES order_items (id),
    user_id       bigint NOT NULL,
    body          text NOT NULL
);

CREATE TABLE wishlist_items (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL,
    product_id bigint NOT NULL,
    note       text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wishlist_items_user_product_idx ON wishlist_items (user_id, product_id);

CREATE TABLE carts (
    id             bigserial PRIMARY KEY,
    user_id        bigint NOT NULL,
    status         text NOT NULL,
    reminder_state text NOT NULL DEFAULT 'pending',
    total_cents    bigint NOT NULL,
    reminded_at    timestamptz,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE review_requests (
    id         bigserial PRIMARY KEY,
    order_id   bigint NOT NULL,
    email      text NOT NULL,
    status     text NOT NULL DEFAULT 'pending',
    due_at     timestamptz NOT NULL,
    claimed_at timestamptz,
    sent_at    timestamptz
);

CREATE TABLE newsletter_subscribers (
    id            bigserial PRIMARY KEY,
    list_id       text NOT NULL,
    email         text NOT NULL,
    source        text NOT NULL DEFAULT '',
    confirm_token text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX newsletter_subscribers_list_email_idx ON newsletter_subscribers (list_id, email);

CREATE TABLE product_waitlist (
    sku        text NOT NULL,
    email      text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (sku, email)
);

CREATE TABLE course_grants (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL,
    sku        text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX course_grants_user_idx ON course_grants (user_id);

CREATE TABLE feature_grants (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL,
    feature    text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, feature)
);

CREATE TABLE events (
    id        bigserial PRIMARY KEY,
    title     text NOT NULL,
    starts_at timestamptz NOT NULL,
    venue     text NOT NULL
);

CREATE TABLE event_registrations (
    id          bigserial PRIMARY KEY,
    event_id    bigint NOT NULL REFERENCES events (id),
    user_id     bigint NOT NULL,
    ticket_code text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (event_id, user_id)
);

CREATE TABLE session_seats (
    session_id bigint NOT NULL,
    user_id    bigint NOT NULL,
    seat_code  text NOT NULL,
    PRIMARY KEY (session_id, user_id)
);

CREATE TABLE sellers (
    id         bigserial PRIMARY KEY,
    handle     text,
    slug       text,
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE seller_handles (
    id        bigserial PRIMARY KEY,
    handle    text NOT NULL,
    seller_id bigint NOT NULL REFERENCES sellers (id)
);
CREATE INDEX seller_handles_handle_idx ON seller_handles (lower(handle));

CREATE TABLE store_slugs (
    id        bigserial PRIMARY KEY,
    slug      text NOT NULL,
    seller_id bigint NOT NULL REFERENCES sellers (id)
);
CREATE INDEX store_slugs_slug_idx ON store_slugs (slug);
