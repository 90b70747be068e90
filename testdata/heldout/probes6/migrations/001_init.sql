-- fleet6 schema (PostgreSQL 16). Applied by the deploy pipeline.

CREATE TABLE merchants (
    id                   bigserial PRIMARY KEY,
    name                 text NOT NULL,
    billing_customer_ref text NOT NULL DEFAULT ''
);

CREATE TABLE payout_schedules (
    merchant_id bigint PRIMARY KEY REFERENCES merchants (id),
    weekday     int NOT NULL DEFAULT 1
);

CREATE TABLE merchant_credit (
    merchant_id bigint PRIMARY KEY REFERENCES merchants (id),
    limit_cents bigint NOT NULL DEFAULT 0,
    used_cents  bigint NOT NULL DEFAULT 0,
    version     bigint NOT NULL DEFAULT 0
);

CREATE TABLE merchant_balances (
    merchant_id bigint PRIMARY KEY REFERENCES merchants (id),
    due_cents   bigint NOT NULL DEFAULT 0
);

-- Drivers -------------------------------------------------------------------

CREATE TABLE drivers (
    id          bigserial PRIMARY KEY,
    fleet_id    bigint NOT NULL,
    phone       text NOT NULL,
    name        text NOT NULL,
    status      text NOT NULL DEFAULT 'pending',
    approved_at timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT drivers_fleet_phone_key UNIQUE (fleet_id, phone)
);

CREATE TABLE driver_applications (
    id         bigserial PRIMARY KEY,
    fleet_id   bigint NOT NULL,
    phone      text NOT NULL,
    name       text NOT NULL,
    license_no text NOT NULL,
    status     text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX driver_applications_phone_idx ON driver_applications (fleet_id, phone);

CREATE TABLE fleet_memberships (
    driver_id bigint NOT NULL REFERENCES drivers (id),
    fleet_id  bigint NOT NULL,
    role      text NOT NULL,
    PRIMARY KEY (driver_id, fleet_id)
);

CREATE TABLE driver_shifts (
    id        bigserial PRIMARY KEY,
    driver_id bigint NOT NULL REFERENCES drivers (id),
    day       date NOT NULL,
    depot_id  bigint NOT NULL
);
CREATE INDEX driver_shifts_driver_day_idx ON driver_shifts (driver_id, day);

CREATE TABLE overtime_shifts (
    id        bigserial PRIMARY KEY,
    driver_id bigint NOT NULL REFERENCES drivers (id),
    day       date NOT NULL,
    depot_id  bigint NOT NULL
);

CREATE TABLE driver_stats (
    driver_id         bigint PRIMARY KEY REFERENCES drivers (id),
    completed_trips   int NOT NULL DEFAULT 0,
    delivered_parcels int NOT NULL DEFAULT 0
);

CREATE TABLE driver_settings (
    driver_id   bigint PRIMARY KEY REFERENCES drivers (id),
    language    text NOT NULL,
    night_shift boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payout_accounts (
    id           bigserial PRIMARY KEY,
    driver_id    bigint NOT NULL REFERENCES drivers (id),
    provider_ref text NOT NULL,
    country      text NOT NULL,
    currency     text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payout_accounts_driver_idx ON payout_accounts (driver_id);

CREATE TABLE driver_cash (
    driver_id          bigint PRIMARY KEY REFERENCES drivers (id),
    held_cents         bigint NOT NULL DEFAULT 0,
    fuel_advance_cents bigint NOT NULL DEFAULT 0
);

CREATE TABLE driver_bonuses (
    id             bigserial PRIMARY KEY,
    driver_id      bigint NOT NULL REFERENCES drivers (id),
    amount_cents   bigint NOT NULL,
    source_message text NOT NULL
);

CREATE TABLE wallets (
    id            bigserial PRIMARY KEY,
    driver_id     bigint NOT NULL UNIQUE REFERENCES drivers (id),
    balance_cents bigint NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Fleet -----------------------------------------------------------------------

CREATE TABLE vehicles (
    id         bigserial PRIMARY KEY,
    fleet_id   bigint NOT NULL,
    plate      text NOT NULL,
    model      text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT vehicles_fleet_plate_key UNIQUE (fleet_id, plate)
);

CREATE TABLE trailers (
    id         bigserial PRIMARY KEY,
    fleet_id   bigint NOT NULL,
    vin        text NOT NULL,
    axles      int NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trailers_fleet_idx ON trailers (fleet_id);

CREATE TABLE depots (
    id      bigserial PRIMARY KEY,
    org_id  bigint NOT NULL,
    code    text NOT NULL,
    name    text NOT NULL,
    address text NOT NULL DEFAULT ''
);
CREATE INDEX depots_org_idx ON depots (org_id);

CREATE TABLE zones (
    id      bigserial PRIMARY KEY,
    org_id  bigint NOT NULL,
    code    text NOT NULL,
    name    text NOT NULL,
    polygon text NOT NULL,
    CONSTRAINT zones_org_code_key UNIQUE (org_id, code)
);

CREATE TABLE docks (
    id       bigserial PRIMARY KEY,
    depot_id bigint NOT NULL REFERENCES depots (id),
    name     text NOT NULL
);

CREATE TABLE lanes (
    id             bigserial PRIMARY KEY,
    origin         text NOT NULL,
    destination    text NOT NULL,
    weekly_pallets int NOT NULL
);

CREATE TABLE capacity_holds (
    id         bigserial PRIMARY KEY,
    shipper_id bigint NOT NULL,
    lane_id    bigint NOT NULL REFERENCES lanes (id),
    week       text NOT NULL,
    pallets    int NOT NULL
);
CREATE INDEX capacity_holds_lane_week_idx ON capacity_holds (lane_id, week);

CREATE TABLE lane_bookings (
    id         bigserial PRIMARY KEY,
    shipper_id bigint NOT NULL,
    lane_id    bigint NOT NULL REFERENCES lanes (id),
    week       text NOT NULL,
    pallets    int NOT NULL
);

-- Shipments and bookings ----------------------------------------------------

CREATE TABLE shipments (
    id           bigserial PRIMARY KEY,
    merchant_id  bigint NOT NULL REFERENCES merchants (id),
    client_ref   text,
    driver_id    bigint REFERENCES drivers (id),
    status       text NOT NULL,
    price_cents  bigint NOT NULL,
    escrow_cents bigint NOT NULL DEFAULT 0,
    distance_km  double precision NOT NULL DEFAULT 0,
    last_seen_at timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX shipments_merchant_client_ref_key ON shipments (merchant_id, client_ref) WHERE client_ref IS NOT NULL;

CREATE TABLE escrow_releases (
    id           bigserial PRIMARY KEY,
    shipment_id  bigint NOT NULL UNIQUE REFERENCES shipments (id),
    driver_id    bigint NOT NULL,
    amount_cents bigint NOT NULL,
    transfer_ref text
);

CREATE TABLE shipment_payments (
    id           bigserial PRIMARY KEY,
    shipment_id  bigint NOT NULL UNIQUE REFERENCES shipments (id),
    charge_ref   text,
    amount_cents bigint NOT NULL,
    status       text NOT NULL
);

CREATE TABLE proof_of_deliveries (
    id          bigserial PRIMARY KEY,
    shipment_id bigint NOT NULL UNIQUE REFERENCES shipments (id),
    photo_url   text NOT NULL,
    signed_by   text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tracking_subscriptions (
    id          bigserial PRIMARY KEY,
    shipment_id bigint NOT NULL REFERENCES shipments (id),
    phone       text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tracking_pings (
    id          bigserial PRIMARY KEY,
    shipment_id bigint NOT NULL,
    driver_id   bigint NOT NULL,
    lat         double precision NOT NULL,
    lng         double precision NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE surcharges (
    id           bigserial PRIMARY KEY,
    shipment_id  bigint NOT NULL,
    carrier      text NOT NULL,
    kind         text NOT NULL,
    amount_cents bigint NOT NULL
);

CREATE TABLE carrier_events (
    carrier     text NOT NULL,
    event_id    text NOT NULL,
    kind        text NOT NULL,
    shipment_id bigint NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (carrier, event_id)
);

CREATE TABLE bookings (
    id           bigserial PRIMARY KEY,
    merchant_id  bigint NOT NULL REFERENCES merchants (id),
    customer_id  text NOT NULL,
    dock_id      bigint NOT NULL REFERENCES docks (id),
    slot         timestamptz NOT NULL,
    client_ref   text,
    status       text NOT NULL,
    payment_ref  text,
    amount_cents bigint NOT NULL DEFAULT 0,
    email        text NOT NULL DEFAULT ''
);
-- Cancelled bookings keep their slot, so (dock_id, slot) is not unique.
CREATE INDEX bookings_dock_slot_idx ON bookings (dock_id, slot);
CREATE UNIQUE INDEX bookings_merchant_client_ref_key ON bookings (merchant_id, client_ref) WHERE client_ref IS NOT NULL;

CREATE TABLE idempotency_keys (
    merchant_id bigint NOT NULL,
    key         text NOT NULL,
    status      int NOT NULL DEFAULT 0,
    body        bytea,
    resource_id bigint,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (merchant_id, key)
);

CREATE TABLE processed_messages (
    consumer     text NOT NULL,
    message_id   text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE webhook_endpoints (
    id          bigserial PRIMARY KEY,
    merchant_id bigint NOT NULL REFERENCES merchants (id),
    url         text NOT NULL,
    secret      text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (merchant_id, url)
);

CREATE TABLE carrier_links (
    id          bigserial PRIMARY KEY,
    merchant_id bigint NOT NULL REFERENCES merchants (id),
    carrier     text NOT NULL,
    account_no  text NOT NULL,
    CONSTRAINT carrier_links_merchant_carrier_key UNIQUE (merchant_id, carrier)
);

CREATE TABLE broker_links (
    id          bigserial PRIMARY KEY,
    merchant_id bigint NOT NULL REFERENCES merchants (id),
    broker      text NOT NULL,
    eori        text NOT NULL,
    UNIQUE (merchant_id, broker)
);

-- Payouts -------------------------------------------------------------------

CREATE TABLE payout_batches (
    id          bigserial PRIMARY KEY,
    merchant_id bigint NOT NULL REFERENCES merchants (id),
    period      text NOT NULL,
    total_cents bigint NOT NULL DEFAULT 0
);
CREATE INDEX payout_batches_period_idx ON payout_batches (merchant_id, period);

CREATE TABLE payouts (
    id           bigserial PRIMARY KEY,
    batch_id     bigint NOT NULL REFERENCES payout_batches (id),
    driver_id    bigint NOT NULL REFERENCES drivers (id),
    amount_cents bigint NOT NULL,
    status       text NOT NULL,
    transfer_ref text,
    failure      text,
    claimed_at   timestamptz,
    paid_at      timestamptz
);
CREATE INDEX payouts_pending_idx ON payouts (id) WHERE status = 'pending';

CREATE TABLE cod_settlements (
    settlement_id text PRIMARY KEY,
    driver_id     bigint NOT NULL,
    amount_cents  bigint NOT NULL
);

CREATE TABLE fuel_settlements (
    settlement_id text PRIMARY KEY,
    driver_id     bigint NOT NULL,
    amount_cents  bigint NOT NULL
);

-- Referrals, coupons, invoices ------------------------------------------------

CREATE TABLE referrals (
    id         bigserial PRIMARY KEY,
    inviter_id bigint NOT NULL REFERENCES drivers (id),
    invitee_id bigint NOT NULL REFERENCES drivers (id),
    code       text NOT NULL
);
CREATE INDEX referrals_invitee_idx ON referrals (invitee_id);

CREATE TABLE referral_rewards (
    referral_id bigint NOT NULL REFERENCES referrals (id),
    side        text NOT NULL,
    granted_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (referral_id, side)
);

CREATE TABLE referral_codes (
    id          bigserial PRIMARY KEY,
    merchant_id bigint NOT NULL REFERENCES merchants (id),
    code        text NOT NULL,
    owner_id    bigint NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referral_codes_code_idx ON referral_codes (merchant_id, code);

CREATE TABLE coupons (
    id          bigserial PRIMARY KEY,
    merchant_id bigint NOT NULL REFERENCES merchants (id),
    code        text NOT NULL,
    percent_off int NOT NULL,
    uses_left   int NOT NULL,
    max_uses    int NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT coupons_merchant_code_key UNIQUE (merchant_id, code)
);

CREATE TABLE campaigns (
    id          bigserial PRIMARY KEY,
    merchant_id bigint NOT NULL REFERENCES merchants (id),
    slug        text NOT NULL,
    title       text NOT NULL,
    CONSTRAINT campaigns_merchant_slug_key UNIQUE (merchant_id, slug)
);

CREATE TABLE redemptions (
    id          bigserial PRIMARY KEY,
    coupon_id   bigint NOT NULL REFERENCES coupons (id),
    customer_id text NOT NULL,
    booking_id  bigint NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX redemptions_coupon_customer_idx ON redemptions (coupon_id, customer_id);

CREATE SEQUENCE invoice_numbers;

CREATE TABLE invoices (
    id           bigserial PRIMARY KEY,
    merchant_id  bigint NOT NULL REFERENCES merchants (id),
    number       text NOT NULL UNIQUE,
    period       text NOT NULL,
    amount_cents bigint NOT NULL,
    status       text NOT NULL,
    charge_ref   text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT invoices_merchant_period_key UNIQUE (merchant_id, period)
);

CREATE TABLE credit_notes (
    id           bigserial PRIMARY KEY,
    invoice_id   bigint NOT NULL UNIQUE REFERENCES invoices (id),
    amount_cents bigint NOT NULL,
    reason       text NOT NULL
);
