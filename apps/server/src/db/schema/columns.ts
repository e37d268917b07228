/** Column kinds and columns the tables share. */
import { customType, timestamp } from 'drizzle-orm/pg-core';

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const created = () =>
  timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const modified = () =>
  timestamp('modified', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
