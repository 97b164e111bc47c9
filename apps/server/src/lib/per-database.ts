import type { Db } from '../db/client';

/**
 * One value per database handle, made on first use: prepared statements (PostgreSQL prepares them
 * per connection, and each test app has its own database) and the answer cache. Returns the
 * getter.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
