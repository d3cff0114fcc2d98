import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { describeApi } from './support/describe-api';

/** The specification advises receivers to check the sender's IP: the addresses are published. */
describeApi(
  'the webhooks\u2019 sender addresses',
  { env: { WEBHOOK_SENDER_IPS: '203.0.113.10, 198.51.100.0/24' } },
  (t) => {
    it('lists the configured addresses without a key', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/webhooks/sender-ips' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ips: ['203.0.113.10', '198.51.100.0/24'] });
    });
  },
);

describe('WEBHOOK_SENDER_IPS', () => {
  it('is empty by default and refuses what is not an address or subnet', () => {
    expect(loadConfig({}).WEBHOOK_SENDER_IPS).toEqual([]);
    expect(() => loadConfig({ WEBHOOK_SENDER_IPS: '203.0.113.10,webhooks.b2bpay.ru' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_SENDER_IPS: '203.0.113.10,webhooks.b2bpay.ru' })).toThrow(
      /webhooks\.b2bpay\.ru/,
    );
  });
});
