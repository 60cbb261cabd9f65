-- The engine hosts that use this ledger, for the fleet view: each host upserts its row on start and on
-- every successful claim.
CREATE TABLE praefectus_hosts (
    host_id    text PRIMARY KEY,
    started_at timestamptz NOT NULL,
    last_seen  timestamptz NOT NULL
);
