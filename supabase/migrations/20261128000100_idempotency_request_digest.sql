-- What a transaction's creating request asked for, so the same idempotency key sent again with a
-- different body is refused (409 `idempotency_key_reused`) instead of answered with the first
-- transaction as if it were the same request (worker/api/transaction-writes.ts). A SHA-256 digest
-- of the portfolio and the validated body, in hex; null for rows written before it existed and for
-- imported rows, whose key no client chose.
alter table public.transactions
  add column request_digest text
    constraint transactions_request_digest_check check (request_digest ~ '^[0-9a-f]{64}$');

comment on column public.transactions.request_digest is
  'SHA-256 (hex) of the request that created the row with its idempotency key; null when unknown.';
