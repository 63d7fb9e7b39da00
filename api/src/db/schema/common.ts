import { timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createDate = () => timestamp('create_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updateDate = () => timestamp('update_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
