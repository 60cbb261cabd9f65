-- One row per operation. The primary key is the claim: an INSERT that finds the row already there lost the
-- race. A row without terminal_ack is a claim whose dispatch may have happened.
CREATE TABLE praefectus_outcomes (
    operation_id  text PRIMARY KEY,
    action_hash   char(64) NOT NULL,
    claim_token   uuid NOT NULL,
    claimed_by    text NOT NULL,
    claimed_at    timestamptz NOT NULL DEFAULT now(),
    terminal_kind text,
    terminal_ack  text,
    recorded_by   text,
    recorded_at   timestamptz,
    CHECK ((terminal_kind IS NULL) = (terminal_ack IS NULL))
);
CREATE INDEX praefectus_outcomes_open ON praefectus_outcomes (claimed_at) WHERE terminal_ack IS NULL;
