// The client a limit counts against: its IP address as Fastify sees it (so behind trusted proxies
// only, per the trustProxy setting), with an IPv6 address taken as its /64 network, the way
// @fastify/rate-limit keys its counts, since one IPv6 host usually holds a whole /64.
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

export const clientOf = (request: Pick<FastifyRequest, 'ip'>): string => normalizeIP(request.ip);
