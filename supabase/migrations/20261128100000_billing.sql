-- Pro is sold through Paddle Billing, the merchant of record (docs/payments.md). Paddle's signed
-- webhooks are the only writer of these tables and of user_plans: the worker applies them as the
-- database owner (worker/billing/), a path no user's session reaches. Users read their own
-- subscriptions, invoices and refunds; customers, checkouts and the events log are not theirs
-- to read.

-- Until when a paid plan holds without a further webhook; null: no end (the demo's plan). A
-- webhook that never comes (a lost renewal, dunning that goes quiet) cannot keep Pro forever.
alter table public.user_plans add column valid_until timestamptz;

-- The Paddle customer each user pays as, created when they first open the checkout.
create table public.billing_customers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  customer_id text not null unique
    constraint billing_customers_customer_id_check check (customer_id ~ '^ctm_[a-z0-9]{26}$'),
  created_at timestamptz not null default now()
);

-- Each checkout opened, with when the buyer agreed that Pro starts at once (EU withdrawal right).
create table public.billing_checkouts (
  transaction_id text primary key
    constraint billing_checkouts_transaction_id_check check (transaction_id ~ '^txn_[a-z0-9]{26}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  period text not null constraint billing_checkouts_period_check
    check (period in ('monthly', 'yearly')),
  consented_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index billing_checkouts_user_id_idx on public.billing_checkouts (user_id);

-- The latest snapshot of each subscription, by the time Paddle says it happened (`event_at`,
-- then the entity's `updated_at`): a late event never undoes a newer one.
create table public.billing_subscriptions (
  id text primary key
    constraint billing_subscriptions_id_check check (id ~ '^sub_[a-z0-9]{26}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  customer_id text not null,
  status text not null constraint billing_subscriptions_status_check
    check (status in ('active', 'trialing', 'past_due', 'paused', 'canceled')),
  period text constraint billing_subscriptions_period_check check (period in ('monthly', 'yearly')),
  currency text not null constraint billing_subscriptions_currency_check
    check (currency ~ '^[A-Z]{3}$'),
  current_period_start timestamptz,
  current_period_end timestamptz,
  next_billed_at timestamptz,
  -- A cancellation scheduled for the end of the period.
  cancel_at timestamptz,
  -- When the payment first failed, for the grace period.
  past_due_since timestamptz,
  canceled_at timestamptz,
  event_at timestamptz not null,
  snapshot_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index billing_subscriptions_user_id_idx on public.billing_subscriptions (user_id);

-- Each completed payment (Paddle's transaction), the invoice the profile lists.
create table public.billing_invoices (
  id text primary key
    constraint billing_invoices_id_check check (id ~ '^txn_[a-z0-9]{26}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  subscription_id text,
  invoice_number text,
  billed_at timestamptz not null,
  period_start timestamptz,
  period_end timestamptz,
  total numeric not null constraint billing_invoices_total_check check (total >= 0),
  currency text not null constraint billing_invoices_currency_check check (currency ~ '^[A-Z]{3}$'),
  event_at timestamptz not null
);
create index billing_invoices_user_id_idx on public.billing_invoices (user_id, billed_at desc);

-- Refunds and chargebacks (Paddle's adjustments) of a payment; they may arrive before it.
create table public.billing_refunds (
  id text primary key constraint billing_refunds_id_check check (id ~ '^adj_[a-z0-9]{26}$'),
  transaction_id text not null,
  action text not null constraint billing_refunds_action_check
    check (action in ('refund', 'chargeback')),
  kind text not null constraint billing_refunds_kind_check check (kind in ('full', 'partial')),
  status text not null constraint billing_refunds_status_check
    check (status in ('pending_approval', 'approved', 'rejected', 'reversed')),
  total numeric not null constraint billing_refunds_total_check check (total >= 0),
  currency text not null constraint billing_refunds_currency_check check (currency ~ '^[A-Z]{3}$'),
  event_at timestamptz not null
);
create index billing_refunds_transaction_id_idx on public.billing_refunds (transaction_id);

-- Every webhook event once (Paddle delivers at least once): a repeat is found here and ignored.
-- An event of one of our users goes with their account.
create table public.billing_events (
  id text primary key constraint billing_events_id_check check (id ~ '^evt_[a-z0-9]{26}$'),
  user_id uuid references auth.users (id) on delete cascade,
  type text not null,
  occurred_at timestamptz not null,
  received_at timestamptz not null default now(),
  -- applied, stale (older than what is stored), ignored (a type we do not use), unmatched (no
  -- user of ours).
  outcome text not null constraint billing_events_outcome_check
    check (outcome in ('applied', 'stale', 'ignored', 'unmatched')),
  payload jsonb not null
);

-- What became of a payment: money back asked for (`requested`), given back in part, or in full
-- (an approved full refund, or a chargeback); null for none. The profile shows it, and a payment
-- given back in full for a running period ends Pro (worker/billing/plan-grant.ts).
create function public.billing_refund_state(transaction_id text)
returns text
language sql
stable
set search_path = ''
as $$
  select case
      when bool_or(refund.status = 'approved'
        and (refund.kind = 'full' or refund.action = 'chargeback')) then 'full'
      when bool_or(refund.status = 'approved') then 'partial'
      when bool_or(refund.status = 'pending_approval') then 'requested'
    end
  from public.billing_refunds refund
  where refund.transaction_id = billing_refund_state.transaction_id
$$;

alter table public.billing_customers enable row level security;
alter table public.billing_checkouts enable row level security;
alter table public.billing_subscriptions enable row level security;
alter table public.billing_invoices enable row level security;
alter table public.billing_refunds enable row level security;
alter table public.billing_events enable row level security;

create policy "users read their subscriptions" on public.billing_subscriptions
  for select to authenticated using (user_id = (select auth.uid()));
create policy "users read their invoices" on public.billing_invoices
  for select to authenticated using (user_id = (select auth.uid()));
create policy "users read refunds of their invoices" on public.billing_refunds
  for select to authenticated using (exists (
    select 1 from public.billing_invoices invoice
    where invoice.id = billing_refunds.transaction_id and invoice.user_id = (select auth.uid())
  ));
create policy "a verified second factor is used" on public.billing_subscriptions
  as restrictive for all to authenticated
  using ((select public.mfa_assurance_met())) with check ((select public.mfa_assurance_met()));
create policy "a verified second factor is used" on public.billing_invoices
  as restrictive for all to authenticated
  using ((select public.mfa_assurance_met())) with check ((select public.mfa_assurance_met()));
create policy "a verified second factor is used" on public.billing_refunds
  as restrictive for all to authenticated
  using ((select public.mfa_assurance_met())) with check ((select public.mfa_assurance_met()));

revoke all on public.billing_customers, public.billing_checkouts, public.billing_subscriptions,
  public.billing_invoices, public.billing_refunds, public.billing_events from anon, authenticated;
grant select on public.billing_subscriptions, public.billing_invoices, public.billing_refunds
  to authenticated;
grant all on public.billing_customers, public.billing_checkouts, public.billing_subscriptions,
  public.billing_invoices, public.billing_refunds, public.billing_events to service_role;
-- As the caller it reads only refunds of the caller's own invoices (row-level security).
revoke all on function public.billing_refund_state(text) from public, anon;
grant execute on function public.billing_refund_state(text) to authenticated, service_role;
