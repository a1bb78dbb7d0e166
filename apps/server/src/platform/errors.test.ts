import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, errorsPlugin } from './errors.ts';

const app = Fastify();
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  const body = z.object({ id: z.number({ error: 'id must be a number' }) });
  app.post('/v1/approvals', { config: { envelope: 'success' }, schema: { body } }, async () => {
    throw new AppError('NOT_FOUND', 'Approval not found');
  });
  app.post('/classic', { schema: { body } }, async () => {
    throw new AppError('NOT_FOUND', 'Not found.');
  });
  app.get('/v1/broken', { config: { envelope: 'success' } }, async () => {
    throw new Error('secret internals');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('error envelopes', () => {
  it('answers a v1/ call of the success envelope in that envelope, for business and validation failures', async () => {
    const missing = await app.inject({ method: 'POST', url: '/v1/approvals', payload: { id: 4 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Approval not found', data: null });
    const invalid = await app.inject({ method: 'POST', url: '/v1/approvals', payload: { id: 'x' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      success: false,
      message: 'id must be a number',
      data: null,
      errors: [{ path: 'id', message: 'id must be a number' }],
    });
    const broken = await app.inject({ method: 'GET', url: '/v1/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toMatchObject({ success: false, data: null });
    expect(broken.body).not.toContain('secret internals');
  });

  it('answers every other call in the responseCode envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/classic', payload: { id: 4 } });
    expect(res.json()).toEqual({ responseCode: 0, responseMessage: 'Not found.', data: null });
  });
});
