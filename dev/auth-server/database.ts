import type postgres from 'postgres'

/** A connection or a transaction: every query helper accepts either. */
export type Db = postgres.Sql | postgres.TransactionSql

type Json = postgres.JSONValue
export type JsonObject = { [key: string]: Json }

/** Binds a JSON object as a `jsonb` parameter. */
export function jsonb(db: Db, value: Record<string, unknown>) {
  return db.json(value as Json)
}
