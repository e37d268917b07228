/**
 * One schema for both drivers (PGlite and PostgreSQL), one file per domain. Entities follow spec
 * section 3. Arrays of names (roles, privileges) are text[]; open-ended per-entity settings the
 * spec lists as bags of fields (profile fields, formats, view states) are jsonb and whitelisted
 * by services. drizzle.config.ts reads this index; a change here is a new migration
 * (`npm run db:generate`).
 */
export * from './accounts';
export * from './boards';
export * from './media';
export * from './groups';
export * from './activity';
export * from './trash';
export * from './lti';
