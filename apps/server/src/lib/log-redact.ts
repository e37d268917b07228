/**
 * What the request log may say about a request: its address without the secrets some
 * addresses carry (verification and reset tokens, signatures of file URLs).
 */
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS =
  /([?&](?:token|resetPasswordToken|verifyEmailToken|sig|X-Amz-Signature|X-Amz-Credential)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

export function requestForLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
  };
}
