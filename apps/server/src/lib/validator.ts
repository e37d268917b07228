/**
 * The one validator every route's schema goes through: first text the database cannot store
 * (core's unstorableTextPath, over the whole body, query or path parameters as sent, known
 * fields or not), answered with a 400 that names the field; then the route's own zod schema.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { storableTextMsg, unstorableTextPath } from '@listboard/core';
import { badRequest } from './errors';

const CHECKED_PARTS = new Set(['body', 'querystring', 'params']);

export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const parse = zodValidatorCompiler(route);
  if (!CHECKED_PARTS.has(route.httpPart ?? '')) return parse;
  return (data) => {
    const bad = unstorableTextPath(data);
    if (bad !== null) return { error: badRequest(storableTextMsg.unstorable(bad || 'request')) };
    return parse(data);
  };
};
